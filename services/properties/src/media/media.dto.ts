import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import {
  Nested,
  NestedList,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  QueryInt,
  RequiredString,
  UUID_PATTERN,
} from '@tourly/platform';
import { ImageFactsResponse } from '../uploads/uploads.dto';
import { UPLOAD_UNUSABLE } from '../uploads/uploads.service';
import { MEDIA_KINDS, MEDIA_SOURCES, type MediaKind, type MediaSource } from './media.rules';

const MAX_PER_CALL = 100;

/** A list of ids (required, 1..max), each a UUID, with the message for anything else. */
export const IdList = (message: string, max = MAX_PER_CALL) =>
  applyDecorators(
    ApiProperty({ type: [String], format: 'uuid' }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: MESSAGES.required }),
    ArrayNotEmpty({ message: MESSAGES.required }),
    ArrayMaxSize(max, { message: `must list at most ${max}` }),
    Matches(UUID_PATTERN, { each: true, message }),
  );

export class MediaSourceQuery {
  @OptionalOneOf(MEDIA_SOURCES)
  source?: MediaSource;
}

/** 001 §7: the documents list, page size 10 by default. */
export class DocumentsQuery extends PageQuery {
  @QueryInt({ min: 1, max: 100, description: 'items per page (default 10)' })
  override pageSize = 10;
}

/** `?ids[]=...` (or `?ids=a,b`): what a DELETE without an id in its path removes. */
export class IdsQuery {
  @ApiProperty({ type: [String], format: 'uuid' })
  @Transform(({ value }) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value))
  @IsDefined({ message: MESSAGES.required })
  @IsArray({ message: MESSAGES.required })
  @ArrayNotEmpty({ message: MESSAGES.required })
  @ArrayMaxSize(MAX_PER_CALL, { message: `must list at most ${MAX_PER_CALL}` })
  ids!: string[];
}

// Photos: `{"photo": {"temporary_upload_ids": [...]}}` (upload_multiple), `{"photo": {"temporary_upload_id"}}`.
export class PhotoUploads {
  @IdList(UPLOAD_UNUSABLE)
  temporaryUploadIds!: string[];
}
export class AddPhotos {
  @Nested(() => PhotoUploads)
  photo!: PhotoUploads;
}
export class PhotoUpload {
  @RequiredString(36)
  @Matches(UUID_PATTERN, { message: UPLOAD_UNUSABLE })
  temporaryUploadId!: string;
}
export class AddPhoto {
  @Nested(() => PhotoUpload)
  photo!: PhotoUpload;
}

// Floorplans: `{"floorplan": {"temporary_upload_ids": [...], "names"?: [...]}}`; PUT `{"floorplan": {name, position}}`.
export class FloorplanUploads {
  @IdList(UPLOAD_UNUSABLE)
  temporaryUploadIds!: string[];

  /** Names in the same order (default: each file's name without its extension). */
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: 'must be a list of names' })
  @ArrayMaxSize(MAX_PER_CALL, { message: `must list at most ${MAX_PER_CALL}` })
  @Matches(/^[^\n]{1,200}$/, { each: true, message: 'each name must be 1 to 200 characters' })
  names?: string[];
}
export class AddFloorplans {
  @Nested(() => FloorplanUploads)
  floorplan!: FloorplanUploads;
}
export class FloorplanChanges {
  @OptionalString(200)
  name?: string;

  @ApiPropertyOptional({ type: Number, minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be at least 1' })
  @Max(100_000, { message: 'must be at most 100000' })
  position?: number;
}
export class UpdateFloorplan {
  @Nested(() => FloorplanChanges)
  floorplan!: FloorplanChanges;
}

// Videos: `{"property_video": {"temporary_upload_id"}}` (an uploaded file) or `{"property_video": {"url", "title"?}}`.
export class NewVideo {
  @OptionalString(36)
  @Matches(UUID_PATTERN, { message: UPLOAD_UNUSABLE })
  temporaryUploadId?: string;

  @OptionalString(2000)
  url?: string;

  @OptionalString(200)
  title?: string;
}
export class AddVideo {
  @Nested(() => NewVideo)
  propertyVideo!: NewVideo;
}

// Media links: `{"media_links": [{"url", "title"?}]}`.
export class NewMediaLink {
  @RequiredString(2000)
  url!: string;

  @OptionalString(200)
  title?: string;
}
export class AddMediaLinks {
  @NestedList(() => NewMediaLink, MAX_PER_CALL)
  mediaLinks!: NewMediaLink[];
}

// Contacts: `{"agent_ids": [...]}` (001 §7 "PATCH /contacts (agentIds)"), an empty list clears them.
export class UpdateContacts {
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsDefined({ message: MESSAGES.required })
  @IsArray({ message: MESSAGES.required })
  @ArrayMaxSize(20, { message: 'must list at most 20' })
  @Matches(UUID_PATTERN, { each: true, message: 'is not a contact id' })
  agentIds!: string[];
}

// Answers.

/** One photo, video, floorplan or document of a property. */
export class MediaItemResponse extends ImageFactsResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MEDIA_KINDS })
  kind!: MediaKind;

  @ApiProperty({ enum: MEDIA_SOURCES })
  source!: MediaSource;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "a floorplan's or video's title; a document's file name",
  })
  name!: string | null;

  @ApiProperty()
  position!: number;

  @ApiProperty({ description: "the file (presigned, for a while) or the external video's link" })
  url!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  fileId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  filename!: string | null;

  @ApiProperty({ type: String, nullable: true })
  contentType!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'bytes' })
  size!: number | null;

  @ApiProperty({ description: 'a photo retouched in its place: its original is kept, and can be restored' })
  retouched!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

/** A document: a media item with its MIME type by the spec's name (001 §3). */
export class DocumentResponse extends MediaItemResponse {
  @ApiProperty({ type: String, nullable: true })
  mimeType!: string | null;
}

export class MediaLinkResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ type: String, nullable: true })
  title!: string | null;

  @ApiProperty()
  position!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

/** What a DELETE removed. */
export class RemovedResponse {
  @ApiProperty({ type: [String], format: 'uuid' })
  ids!: string[];
}

/** The agents shown with the property, in order. */
export class ContactsResponse {
  @ApiProperty({ type: [String], format: 'uuid' })
  agentIds!: string[];
}
