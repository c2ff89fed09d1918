import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, Matches } from 'class-validator';
import { MESSAGES, TOUR_LIMITS } from '@tourly/contracts';
import { Nested, OptionalString, PageQuery, QueryInt, RequiredString, UUID_PATTERN } from '@tourly/platform';
import { OverlayLayoutForm, OverlayLayoutResponse } from '../tours/tour-layers.dto';
import { UPLOAD_UNUSABLE } from '../uploads/uploads.service';

// Overlay templates: `{"overlay_template": {name, overlay, thumbnail_id?}}`; PUT the same, keys optional.

export class OverlayTemplatesQuery extends PageQuery {
  @OptionalString(200)
  search?: string;
}

/** A temporary upload of an image (null on a change: no thumbnail any more). */
const ThumbnailId = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'uuid',
      nullable: true,
      description: 'a temporary upload of an image',
    }),
    IsOptional(),
    Matches(UUID_PATTERN, { message: UPLOAD_UNUSABLE }),
  );

export class OverlayTemplateForm {
  @RequiredString(TOUR_LIMITS.templateName)
  name!: string;

  @Nested(() => OverlayLayoutForm)
  overlay!: OverlayLayoutForm;

  @ThumbnailId()
  thumbnailId?: string | null;
}
export class CreateOverlayTemplate {
  @Nested(() => OverlayTemplateForm)
  overlayTemplate!: OverlayTemplateForm;
}

export class OverlayTemplateChanges {
  @OptionalString(TOUR_LIMITS.templateName, { nullable: false })
  @IsNotEmpty({ message: MESSAGES.required })
  name?: string;

  @Nested(() => OverlayLayoutForm, { optional: true })
  overlay?: OverlayLayoutForm;

  @ThumbnailId()
  thumbnailId?: string | null;
}
export class UpdateOverlayTemplate {
  @Nested(() => OverlayTemplateChanges)
  overlayTemplate!: OverlayTemplateChanges;
}

export class OverlayTemplateResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: () => OverlayLayoutResponse })
  overlay!: OverlayLayoutResponse;

  @ApiProperty({ type: String, nullable: true, description: 'the thumbnail image, presigned for a while' })
  thumbnailUrl!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

// Location images: multipart `location_image[file]` -> `{id, url, thumbnail_url, filename, width, height, created_at}`.

export class LocationImageResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'the image, presigned for a while' })
  url!: string;

  @ApiProperty({ type: String, nullable: true, description: 'a JPEG within 480 px, presigned for a while' })
  thumbnailUrl!: string | null;

  @ApiProperty()
  filename!: string;

  @ApiProperty({ type: Number, nullable: true })
  width!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  height!: number | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

// Link metadata: `?link=` -> `{url, title, description, image_url}`.

export class ActionMetadataQuery {
  @RequiredString(2000)
  link!: string;
}

export class LinkMetadataResponse {
  @ApiProperty({ description: 'the page read (after its redirects), or the tour’s own link' })
  url!: string;

  @ApiProperty({ type: String, nullable: true })
  title!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: String, nullable: true })
  imageUrl!: string | null;
}

/** A shared tour, for link previews: `GET /tours/{client_slug}/{model_slug}/metadata`. */
export class TourMetadataResponse {
  @ApiProperty({ description: 'the tour’s default link' })
  url!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the property’s first photo, presigned for a while',
  })
  imageUrl!: string | null;
}

// The image proxy: `?url=...&width=&height=`.

export const THUMBNAIL_BOUNDS = { min: 16, max: 1024, defaultWidth: 320 } as const;

export class ThumbnailQuery {
  @ApiProperty({ type: String, maxLength: 2000, description: 'an http(s) image on the public internet' })
  @RequiredString(2000)
  url!: string;

  @QueryInt({ min: THUMBNAIL_BOUNDS.min, max: THUMBNAIL_BOUNDS.max, description: 'at most this wide (320)' })
  width?: number;

  @QueryInt({ min: THUMBNAIL_BOUNDS.min, max: THUMBNAIL_BOUNDS.max, description: 'at most this high' })
  height?: number;
}

export class ThumbnailResponse {
  @ApiProperty({ description: 'the thumbnail, a JPEG (presigned, for a while)' })
  url!: string;
}
