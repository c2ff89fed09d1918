import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsIn, IsOptional } from 'class-validator';
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
}
