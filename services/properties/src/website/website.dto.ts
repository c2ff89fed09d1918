import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsNumber,
  IsOptional,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  IsString,
} from 'class-validator';
import { COLOUR_PATTERN, MEASUREMENT_UNITS, MESSAGES, NOT_A_COLOUR } from '@tourly/contracts';
import { Nested, OptionalFlag, OptionalOneOf, OptionalString, UUID_PATTERN } from '@tourly/platform';
import { MediaItemResponse, MediaLinkResponse } from '../media/media.dto';
import { PlayerAgentResponse, PlayerMapResponse } from '../player/visitor-parts.dto';

const OptionalCount = () =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 0, nullable: true }),
    IsOptional(),
    IsInt({ message: 'must be a whole number' }),
    Min(0, { message: 'must not be negative' }),
    Max(1000, { message: 'must be at most 1000' }),
  );

const OptionalArea = () =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 0, nullable: true }),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'must be a number' }),
    Min(0, { message: 'must not be negative' }),
    Max(100_000_000, { message: 'must be at most 100000000' }),
  );

/** A list of ids, or null for "all of them" (a selection not made yet). Required: send null explicitly. */
const Selection = (message: string) =>
  applyDecorators(
    ApiProperty({ type: [String], format: 'uuid', nullable: true }),
    ValidateIf((_object, value) => value !== null),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: 'must be a list of ids, or null for all' }),
    ArrayMaxSize(500, { message: 'must list at most 500' }),
    Matches(UUID_PATTERN, { each: true, message }),
  );

/** PATCH website/settings `{"website_settings": {...}}`: each given key replaces its value; null restores the default. */
export class WebsiteSettingsForm {
  @OptionalString(200)
  headline?: string | null;

  @OptionalString(5000)
  description?: string | null;

  @ApiPropertyOptional({ type: String, example: '#ffffff' })
  @IsOptional()
  @IsString({ message: NOT_A_COLOUR })
  @Matches(COLOUR_PATTERN, { message: NOT_A_COLOUR })
  primaryColor?: string | null;

  @OptionalFlag()
  showAddress?: boolean | null;

  @OptionalFlag()
  showMap?: boolean | null;

  @OptionalFlag()
  showTour?: boolean | null;

  @OptionalFlag()
  showAgents?: boolean | null;

  @OptionalFlag()
  showContactForm?: boolean | null;
}
export class UpdateWebsiteSettings {
  @Nested(() => WebsiteSettingsForm)
  websiteSettings!: WebsiteSettingsForm;
}

/** PATCH website/property_features `{"property_features": {...}}`: what the listing says about the place. */
export class PropertyFeaturesForm {
  @OptionalCount()
  bedrooms?: number | null;

  @OptionalCount()
  bathrooms?: number | null;

  @OptionalCount()
  carSpaces?: number | null;

  @OptionalArea()
  floorArea?: number | null;

  @OptionalArea()
  landArea?: number | null;

  @OptionalOneOf(MEASUREMENT_UNITS)
  measurementUnit?: (typeof MEASUREMENT_UNITS)[number] | null;

  /** As the listing shows it: "$1,250,000", "Auction", "Contact agent". */
  @OptionalString(100)
  price?: string | null;

  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray({ message: 'must be a list of features' })
  @ArrayMaxSize(50, { message: 'must list at most 50' })
  @IsString({ each: true, message: 'each feature must be text' })
  @MinLength(1, { each: true, message: 'each feature must be 1 to 100 characters' })
  @MaxLength(100, { each: true, message: 'each feature must be 1 to 100 characters' })
  features?: string[] | null;
}
export class UpdatePropertyFeatures {
  @Nested(() => PropertyFeaturesForm)
  propertyFeatures!: PropertyFeaturesForm;
}

export const NOT_THIS_PROPERTYS = {
  photos: 'must be photos of this property',
  videos: 'must be videos of this property',
  floorplan: 'must be a floorplan of this property',
  documents: 'must be documents of this property',
  mediaLinks: 'must be media links of this property',
} as const;

/** PATCH website/photos `{"photos": [ids in display order] | null}`. */
export class UpdateWebsitePhotos {
  @Selection(NOT_THIS_PROPERTYS.photos)
  photos!: string[] | null;
}

export class PublishedFloorplan {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @ValidateIf((_object, value) => value !== null)
  @IsDefined({ message: MESSAGES.required })
  @Matches(UUID_PATTERN, { message: NOT_THIS_PROPERTYS.floorplan })
  id!: string | null;
}
/** PATCH website/floorplan `{"published_floorplan": {"id": uuid | null}}`. */
export class UpdateWebsiteFloorplan {
  @Nested(() => PublishedFloorplan)
  publishedFloorplan!: PublishedFloorplan;
}

/** PATCH website/videos `{"published_video_ids": [...] | null}`. */
export class UpdateWebsiteVideos {
  @Selection(NOT_THIS_PROPERTYS.videos)
  publishedVideoIds!: string[] | null;
}

export class DocumentsAndLinks {
  @IsOptional()
  @Selection(NOT_THIS_PROPERTYS.documents)
  documentIds?: string[] | null;

  @IsOptional()
  @Selection(NOT_THIS_PROPERTYS.mediaLinks)
  mediaLinkIds?: string[] | null;
}
/** PATCH website/documents_and_links `{"documents_and_links": {"document_ids"?, "media_link_ids"?}}`. */
export class UpdateWebsiteDocumentsAndLinks {
  @Nested(() => DocumentsAndLinks)
  documentsAndLinks!: DocumentsAndLinks;
}

// Answers.

export class WebsiteSettingsResponse {
  @ApiProperty({ type: String, nullable: true })
  headline!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ example: '#ffffff' })
  primaryColor!: string;

  @ApiProperty()
  showAddress!: boolean;

  @ApiProperty()
  showMap!: boolean;

  @ApiProperty()
  showTour!: boolean;

  @ApiProperty()
  showAgents!: boolean;

  @ApiProperty()
  showContactForm!: boolean;
}

export class PropertyFeaturesResponse {
  @ApiProperty({ type: Number, nullable: true })
  bedrooms!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  bathrooms!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  carSpaces!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  floorArea!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  landArea!: number | null;

  @ApiProperty({ enum: MEASUREMENT_UNITS })
  measurementUnit!: (typeof MEASUREMENT_UNITS)[number];

  @ApiProperty({ type: String, nullable: true })
  price!: string | null;

  @ApiProperty({ type: [String] })
  features!: string[];
}

export class FloorplanChoiceResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}

export class DocumentsAndLinksResponse {
  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: all of them' })
  documentIds!: string[] | null;

  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: all of them' })
  mediaLinkIds!: string[] | null;
}

/** The website as the provider edits it: settings, features and which media it shows (null: all of them). */
export class WebsiteResponse {
  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({ description: "live for visitors (published features' website)" })
  published!: boolean;

  @ApiProperty({ type: () => WebsiteSettingsResponse })
  settings!: WebsiteSettingsResponse;

  @ApiProperty({ type: () => PropertyFeaturesResponse })
  propertyFeatures!: PropertyFeaturesResponse;

  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: all of them' })
  photos!: string[] | null;

  @ApiProperty({ type: () => FloorplanChoiceResponse, nullable: true })
  publishedFloorplan!: FloorplanChoiceResponse | null;

  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: all of them' })
  publishedVideoIds!: string[] | null;

  @ApiProperty({ type: () => DocumentsAndLinksResponse })
  documentsAndLinks!: DocumentsAndLinksResponse;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt!: string | null;
}

export class PublicPropertyResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  slug!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty({ type: String, nullable: true })
  formattedAddress!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  latitude!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  longitude!: number | null;
}

/** What a visitor's page gets for a published website: the property and the media chosen for it. */
export class PublicWebsiteResponse {
  @ApiProperty({ type: () => PublicPropertyResponse })
  property!: PublicPropertyResponse;

  @ApiProperty({ type: () => WebsiteSettingsResponse })
  settings!: WebsiteSettingsResponse;

  @ApiProperty({ type: () => PropertyFeaturesResponse })
  propertyFeatures!: PropertyFeaturesResponse;

  @ApiProperty({ type: [MediaItemResponse] })
  photos!: MediaItemResponse[];

  @ApiProperty({ type: () => MediaItemResponse, nullable: true })
  floorplan!: MediaItemResponse | null;

  @ApiProperty({ type: [MediaItemResponse] })
  videos!: MediaItemResponse[];

  @ApiProperty({ type: [MediaItemResponse] })
  documents!: MediaItemResponse[];

  @ApiProperty({ type: [MediaLinkResponse] })
  mediaLinks!: MediaLinkResponse[];

  @ApiProperty({ type: [String], format: 'uuid' })
  agentIds!: string[];

  @ApiProperty({
    type: [PlayerAgentResponse],
    description: 'the property’s agents, in order, as the tour shows them; none when the settings hide them',
  })
  agents!: PlayerAgentResponse[];

  @ApiProperty({
    type: () => PlayerMapResponse,
    nullable: true,
    description:
      'the tour’s map tiles; null when the settings hide the map or the property has no coordinates',
  })
  map!: PlayerMapResponse | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'the shared tour’s default link, to embed; null when the settings hide the tour or visitors may not see it',
  })
  tourEmbedUrl!: string | null;
}
