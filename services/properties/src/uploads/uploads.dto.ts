import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayNotEmpty, IsIn, IsInt, IsNotEmpty, IsOptional, Min } from 'class-validator';
import { LIMITS, MESSAGES } from '@tourly/contracts';
import { RequiredString } from '@tourly/platform';
import { CONTENT_KINDS, DEFAULT_ACCEPT, type ContentKind } from './content-types';

/** `?accept=image,pdf,video`: what this upload may be (default: images and PDF, 001 §5). */
export class TemporaryUploadQuery {
  @ApiPropertyOptional({
    type: String,
    description: 'comma-separated: image, pdf, video (default image,pdf)',
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
