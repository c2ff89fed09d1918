import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { parseLink } from '../media/links';

/**
 * An absolute http(s) link with a host and no credentials, as the media lists take them (`parseLink`), else
 * `Invalid URL`; `orEmpty`: an empty text (none) passes too.
 */
export const HttpLink = (options: { orEmpty?: boolean } = {}) =>
  ValidateBy({
    name: 'httpLink',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        ((options.orEmpty === true && value === '') || parseLink(value) !== null),
      defaultMessage: () => MESSAGES.invalidUrl,
    },
  });

/** An absolute http(s) URL, or empty (none). */
export const OptionalLink = (options: { nullable?: boolean } = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: options.nullable ?? true, maxLength: 2000 }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsOptional(),
    IsString({ message: MESSAGES.invalidUrl }),
    HttpLink({ orEmpty: true }),
    MaxLength(2000, { message: 'must be at most 2000 characters' }),
  );

/** An absolute http(s) URL that must be there (`Required`, else `Invalid URL`). */
export const RequiredLink = () =>
  applyDecorators(
    ApiProperty({ type: String, maxLength: 2000 }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.invalidUrl }),
    HttpLink(),
    MaxLength(2000, { message: 'must be at most 2000 characters' }),
  );
