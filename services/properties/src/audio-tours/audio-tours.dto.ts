import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { Nested, OptionalString, PageQuery, RequiredString, UUID_PATTERN } from '@tourly/platform';
import { UPLOAD_UNUSABLE } from '../uploads/uploads.service';
import { AUDIO_LIMITS, AUDIO_MESSAGES } from './audio-tours.rules';

/** An audio file of the provider's by its id (null where the field may be emptied). */
export const AudioFileId = (options: { nullable?: boolean } = {}) =>
  applyDecorators(
    ApiProperty({ type: String, format: 'uuid', nullable: options.nullable === true }),
    ...(options.nullable ? [ValidateIf((_object, value) => value !== null)] : []),
    IsDefined({ message: MESSAGES.required }),
    Matches(UUID_PATTERN, { message: AUDIO_MESSAGES.notYourAudioFile }),
  );

/** A list of nested objects that may be empty: at most `max`, each validated by its own class. */
export const NestedListOrNone = (type: () => Function, max: number, options: { optional?: boolean } = {}) =>
  applyDecorators(
    (options.optional ? ApiPropertyOptional : ApiProperty)({ type: () => [type()] }),
    ...(options.optional ? [IsOptional()] : [IsDefined({ message: MESSAGES.required })]),
    IsArray({ message: 'must be a list' }),
    ArrayMaxSize(max, { message: `must list at most ${max}` }),
    IsObject({ each: true, message: 'must list objects' }),
    ValidateNested({ each: true }),
    Type(type),
  );

/** A number within bounds (never NaN or infinite). */
export const Bounded = (min: number, max: number, options: { whole?: boolean; description?: string } = {}) =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: min, maximum: max, description: options.description }),
    // The first failure answers: missing, then not a number, then out of bounds.
    IsDefined({ message: MESSAGES.required }),
    options.whole
      ? IsInt({ message: 'must be a whole number' })
      : IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'must be a number' }),
    Min(min, { message: `must be at least ${min}` }),
    Max(max, { message: `must be at most ${max}` }),
  );

// Audio files: `{"audio_file": {upload_id, name?}}` to add one (a temporary upload), `{"audio_file": {name}}` to rename.

export class AudioFilesQuery extends PageQuery {
  @OptionalString(200)
  search?: string;
}

export class AudioFileForm {
  @ApiProperty({
    format: 'uuid',
    description: 'a temporary upload (temporary_uploads.json?accept=audio or /s3/params)',
  })
  @Matches(UUID_PATTERN, { message: UPLOAD_UNUSABLE })
  @IsNotEmpty({ message: MESSAGES.required })
  uploadId!: string;

  @OptionalString(AUDIO_LIMITS.name, { nullable: false })
  @ApiPropertyOptional({ description: 'default: the uploaded file’s name without its extension' })
  name?: string;
}
export class CreateAudioFile {
  @Nested(() => AudioFileForm)
  audioFile!: AudioFileForm;
}

export class AudioFileChanges {
  @RequiredString(AUDIO_LIMITS.name)
  name!: string;
}
export class UpdateAudioFile {
  @Nested(() => AudioFileChanges)
  audioFile!: AudioFileChanges;
}

// Audio tours: `{"property_slug"}` finds (or makes) the property's; `{"audio_tour": {...}}` changes it (keys left out
// keep their value).

export class DefaultAudioTourForm {
  @RequiredString(200)
  propertySlug!: string;
}

export class SpacePointForm {
  @Bounded(-AUDIO_LIMITS.coordinate, AUDIO_LIMITS.coordinate, { description: 'metres' })
  x!: number;

  @Bounded(-AUDIO_LIMITS.coordinate, AUDIO_LIMITS.coordinate, { description: 'metres (up)' })
  y!: number;

  @Bounded(-AUDIO_LIMITS.coordinate, AUDIO_LIMITS.coordinate, { description: 'metres' })
  z!: number;
}

export class RoomNarrationForm {
  @RequiredString(AUDIO_LIMITS.room)
  @ApiProperty({ description: 'the room’s label, as the space names it' })
  room!: string;

  @AudioFileId()
  audioFileId!: string;
}

export class SpatialSourceForm {
  @Nested(() => SpacePointForm)
  position!: SpacePointForm;

  @AudioFileId()
  audioFileId!: string;

  @Bounded(AUDIO_LIMITS.minRadius, AUDIO_LIMITS.maxRadius, { description: 'metres: silent beyond it' })
  radius!: number;

  @Bounded(0, 100, { whole: true, description: 'per cent, at the source itself' })
  volume!: number;
}

export class AudioTourForm {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'null: no music' })
  @IsOptional()
  @Matches(UUID_PATTERN, { message: AUDIO_MESSAGES.notYourAudioFile })
  backgroundMusicId?: string | null;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 100, description: 'the music’s, per cent' })
  @Max(100, { message: 'must be at most 100' })
  @Min(0, { message: 'must be at least 0' })
  @IsInt({ message: 'must be a whole number' })
  @IsOptional()
  volume?: number;

  @NestedListOrNone(() => RoomNarrationForm, AUDIO_LIMITS.narrations, { optional: true })
  roomNarrations?: RoomNarrationForm[];

  @NestedListOrNone(() => SpatialSourceForm, AUDIO_LIMITS.sources, { optional: true })
  spatialSources?: SpatialSourceForm[];
}
export class UpdateAudioTour {
  @Nested(() => AudioTourForm)
  audioTour!: AudioTourForm;
}

// Answers.

/** An audio file as a tour uses it. */
export class AudioRefResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'presigned, for a while' })
  url!: string;
}

export class AudioFileResponse extends AudioRefResponse {
  @ApiProperty({ enum: ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav'] })
  contentType!: string;

  @ApiProperty({ description: 'bytes' })
  size!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class SpacePointResponse {
  @ApiProperty()
  x!: number;

  @ApiProperty()
  y!: number;

  @ApiProperty()
  z!: number;
}

export class RoomNarrationResponse {
  @ApiProperty()
  room!: string;

  @ApiProperty({ type: () => AudioRefResponse })
  audioFile!: AudioRefResponse;
}

export class SpatialSourceResponse {
  @ApiProperty({ type: () => SpacePointResponse })
  position!: SpacePointResponse;

  @ApiProperty({ type: () => AudioRefResponse })
  audioFile!: AudioRefResponse;

  @ApiProperty({ description: 'metres' })
  radius!: number;

  @ApiProperty({ description: 'per cent' })
  volume!: number;
}

export class AudioTourResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({ type: () => AudioRefResponse, nullable: true })
  backgroundMusic!: AudioRefResponse | null;

  @ApiProperty({ description: 'the music’s, per cent' })
  volume!: number;

  @ApiProperty({ type: [RoomNarrationResponse] })
  roomNarrations!: RoomNarrationResponse[];

  @ApiProperty({ type: [SpatialSourceResponse] })
  spatialSources!: SpatialSourceResponse[];

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class PublicAudioTourResponse {
  @ApiProperty({
    type: () => AudioTourResponse,
    nullable: true,
    description: 'null: the tour has no audio tour (or is a basic tour)',
  })
  audioTour!: AudioTourResponse | null;
}
