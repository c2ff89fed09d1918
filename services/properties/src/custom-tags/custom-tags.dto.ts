import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  BUILTIN_TAG_ICONS,
  CUSTOM_TAG_LIMITS,
  CUSTOM_TAG_MESSAGES,
  MEDIA_SIZES,
  MEDIA_SUB_TYPES,
  MEDIA_TYPES,
  MESSAGES,
  TAG_COLOUR_PATTERN,
  type TAGS_ENABLED_KEY,
} from '@tourly/contracts';
import {
  Nested,
  OptionalOneOf,
  OptionalString,
  RequiredFlag,
  RequiredOneOf,
  RequiredString,
} from '@tourly/platform';
import type { TagMediaSize, TagMediaSubType, TagMediaType } from './custom-tags.rules';

const LIMIT = CUSTOM_TAG_LIMITS.coordinate;

/** A coordinate in metres: a finite number within ±CUSTOM_TAG_LIMITS.coordinate. */
const Coordinate = () =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: -LIMIT, maximum: LIMIT }),
    IsDefined({ message: MESSAGES.required }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'must be a number' }),
    Min(-LIMIT, { message: `must be at least ${-LIMIT}` }),
    Max(LIMIT, { message: `must be at most ${LIMIT}` }),
  );

/** An optional id of something of the caller's: a UUID (else the field's own words). */
const OptionalId = (message: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'uuid', nullable: true }),
    IsOptional(),
    IsUUID('all', { message }),
  );

export class VectorForm {
  @Coordinate()
  x!: number;

  @Coordinate()
  y!: number;

  @Coordinate()
  z!: number;
}

export class TagPositionForm {
  @Nested(() => VectorForm)
  anchor!: VectorForm;

  @Nested(() => VectorForm)
  stemNormal!: VectorForm;
}

export class TagMediaForm {
  @RequiredOneOf(MEDIA_TYPES)
  type!: TagMediaType;

  @OptionalOneOf(MEDIA_SUB_TYPES)
  subType?: TagMediaSubType | null;

  @OptionalOneOf(MEDIA_SIZES)
  size?: TagMediaSize | null;

  @ApiPropertyOptional({ description: 'video: a YouTube, Vimeo or mp4 link; website: an https page' })
  @OptionalString(CUSTOM_TAG_LIMITS.url)
  url?: string | null;

  @OptionalId("is not one of this property's photos")
  mediaId?: string | null;

  @ApiPropertyOptional({ description: 'rich: plain text, paragraphs separated by a blank line (never HTML)' })
  @OptionalString(CUSTOM_TAG_LIMITS.richText)
  text?: string | null;
}

export class CustomTagForm {
  @OptionalId('is not a tag of this tour (leave the id out for a new tag)')
  id?: string | null;

  @RequiredString(CUSTOM_TAG_LIMITS.label)
  label!: string;

  @OptionalString(CUSTOM_TAG_LIMITS.description)
  description?: string | null;

  @ApiPropertyOptional({
    enum: BUILTIN_TAG_ICONS,
    nullable: true,
    description: 'a built-in icon (none: info)',
  })
  @OptionalString(CUSTOM_TAG_LIMITS.iconName)
  icon?: string | null;

  @OptionalId(CUSTOM_TAG_MESSAGES.unknownIcon)
  uploadedIconId?: string | null;

  @ApiProperty({ type: String, example: '#e4572e' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: CUSTOM_TAG_MESSAGES.notAColour })
  @Matches(TAG_COLOUR_PATTERN, { message: CUSTOM_TAG_MESSAGES.notAColour })
  color!: string;

  @ApiPropertyOptional({ type: () => TagPositionForm, nullable: true, description: 'null: not placed yet' })
  @ValidateIf((_object, value) => value !== null && value !== undefined)
  @IsObject({ message: 'must be an object' })
  @ValidateNested()
  @Type(() => TagPositionForm)
  position?: TagPositionForm | null;

  @OptionalString(CUSTOM_TAG_LIMITS.sweepId)
  sweepId?: string | null;

  @Nested(() => TagMediaForm)
  media!: TagMediaForm;
}

export class TagLayerForm {
  @ApiProperty({ type: () => [CustomTagForm], maxItems: CUSTOM_TAG_LIMITS.tagsPerTour })
  @IsDefined({ message: MESSAGES.required })
  @IsArray({ message: MESSAGES.required })
  @ArrayMaxSize(CUSTOM_TAG_LIMITS.tagsPerTour, { message: CUSTOM_TAG_MESSAGES.tooManyTags })
  @IsObject({ each: true, message: 'must list objects' })
  @ValidateNested({ each: true })
  @Type(() => CustomTagForm)
  customTags!: CustomTagForm[];
}

/** POST custom_tag_layer: `{tag_layer: {custom_tags: [...]}}`, the whole list (it replaces the tour's tags). */
export class SaveTagLayer {
  @Nested(() => TagLayerForm)
  tagLayer!: TagLayerForm;
}

/** 002 §3: `{product}TagsEnabled`, here `tourlyTagsEnabled` (`tourly_tags_enabled` on the wire). */
export class TagLayerSettingsForm implements Record<typeof TAGS_ENABLED_KEY, boolean> {
  @RequiredFlag({ description: 'the tag layer shown to visitors (002 §3 `{product}TagsEnabled`)' })
  tourlyTagsEnabled!: boolean;
}

export class SaveTagLayerSettings {
  @Nested(() => TagLayerSettingsForm)
  tagLayerSettings!: TagLayerSettingsForm;
}

// Answers.

export class VectorResponse {
  @ApiProperty()
  x!: number;

  @ApiProperty()
  y!: number;

  @ApiProperty()
  z!: number;
}

export class TagPositionResponse {
  @ApiProperty({ type: () => VectorResponse })
  anchor!: VectorResponse;

  @ApiProperty({ type: () => VectorResponse })
  stemNormal!: VectorResponse;
}

export class TagMediaResponse {
  @ApiProperty({ enum: MEDIA_TYPES })
  type!: TagMediaType;

  @ApiProperty({ enum: MEDIA_SUB_TYPES, nullable: true })
  subType!: TagMediaSubType | null;

  @ApiProperty({ enum: MEDIA_SIZES })
  size!: TagMediaSize;

  @ApiProperty({ type: String, nullable: true })
  url!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "photo: the property's photo" })
  mediaId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'rich: plain text' })
  text!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'photo: its image (presigned, for a while)' })
  photoUrl!: string | null;
}

export class CustomTagResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  label!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ type: String, nullable: true, description: 'a built-in icon; null with an uploaded icon' })
  icon!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  uploadedIconId!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "the uploaded icon's image (presigned, for a while)",
  })
  iconUrl!: string | null;

  @ApiProperty({ example: '#e4572e' })
  color!: string;

  @ApiProperty({ type: () => TagPositionResponse, nullable: true })
  position!: TagPositionResponse | null;

  @ApiProperty({ type: String, nullable: true })
  sweepId!: string | null;

  @ApiProperty({ type: () => TagMediaResponse })
  media!: TagMediaResponse;
}

export class TagLayerSettingsResponse implements Record<typeof TAGS_ENABLED_KEY, boolean> {
  @ApiProperty()
  tourlyTagsEnabled!: boolean;
}

export class TagLayerResponse {
  @ApiProperty({ type: [CustomTagResponse] })
  customTags!: CustomTagResponse[];

  @ApiProperty({ type: () => TagLayerSettingsResponse })
  settings!: TagLayerSettingsResponse;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: never saved' })
  updatedAt!: string | null;
}

// Uploaded icons.

export class UploadedIconsQuery {
  @OptionalString(200)
  search?: string;
}

export class UploadedIconForm {
  @ApiProperty({ format: 'uuid', description: 'a temporary upload (an image) of the caller’s, used up' })
  @IsDefined({ message: MESSAGES.required })
  @IsUUID('all', { message: 'is not an upload of yours that is waiting to be used (it may have expired)' })
  uploadId!: string;

  @RequiredString(CUSTOM_TAG_LIMITS.iconName)
  name!: string;
}

export class SaveUploadedIcon {
  @Nested(() => UploadedIconForm)
  uploadedIcon!: UploadedIconForm;
}

export class UploadedIconResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'the image (presigned, for a while)' })
  url!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
