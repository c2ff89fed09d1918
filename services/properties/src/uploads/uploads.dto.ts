import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayNotEmpty, IsIn, IsInt, IsNotEmpty, IsOptional, Min } from 'class-validator';
import { LIMITS, MESSAGES } from '@tourly/contracts';
import { CONTENT_KINDS, DEFAULT_ACCEPT, RequiredString, type ContentKind } from '@tourly/platform';

/** `?accept=image,pdf,video,audio`: what this upload may be (default: images and PDF, 001 §5). */
export class TemporaryUploadQuery {
  @ApiPropertyOptional({
    type: String,
    description: 'comma-separated: image, pdf, video, audio (default image,pdf)',
  })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((kind) => kind.trim())
          .filter(Boolean)
      : value,
  )
  @ArrayNotEmpty({ message: `must list one or more of: ${CONTENT_KINDS.join(', ')}` })
  @IsIn(CONTENT_KINDS as unknown as string[], {
    each: true,
    message: `must list one or more of: ${CONTENT_KINDS.join(', ')}`,
  })
  accept: ContentKind[] = [...DEFAULT_ACCEPT];
}

/** `GET /s3/params?filename=&type=` (001 §7). */
export class PresignQuery {
  @RequiredString(200)
  filename!: string;

  /** The type the browser will send with the PUT; what the file is gets checked from its bytes on use. */
  @RequiredString(100)
  type!: string;

  /**
   * The file's size in bytes: the PUT is signed for exactly this Content-Length (and the type above), so
   * storage takes that file and no other. Over the limit: 413 before anything is signed.
   */
  @ApiProperty({ type: Number, minimum: 1, maximum: LIMITS.maxUploadBytes })
  // Checked bottom up, the first failure answers: missing, then not a number, then empty (an empty file).
  @Min(1, { message: MESSAGES.required })
  @IsInt({ message: 'must be a whole number of bytes' })
  @Type(() => Number)
  @IsNotEmpty({ message: MESSAGES.required })
  size!: number;
}

// Answers.

/** What an image's bytes showed (none for other files, or an image too large to read). */
export class ImageFactsResponse {
  @ApiProperty({ type: String, nullable: true, description: 'a JPEG within 480 px, presigned for a while' })
  thumbnailUrl!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  width!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  height!: number | null;

  @ApiProperty({ type: Boolean, nullable: true, description: 'the aspect ratio within 0.2 of 1' })
  square!: boolean | null;
}

/** A stored file as the client sees it (001 §3 "file (url, content_type)"), with presigned URLs. */
export class FileResponse extends ImageFactsResponse {
  @ApiProperty()
  url!: string;

  @ApiProperty()
  contentType!: string;

  @ApiProperty()
  filename!: string;

  @ApiProperty({ description: 'bytes' })
  size!: number;
}

/** 001 §3 "Temporary upload: id, file (url, content_type)". */
export class TemporaryUploadResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: () => FileResponse })
  file!: FileResponse;
}

/** Where and how the browser sends the file, and the upload's id to attach once it is sent. */
export class PresignedUploadResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ enum: ['PUT'] })
  method!: 'PUT';

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'the headers the PUT must carry (its Content-Type)',
  })
  headers!: Record<string, string>;
}
