import type { PipeTransform } from '@nestjs/common';
import { ApiError } from './errors';

/** The platform's ids are UUIDs (v7 for new rows); anything else in their place names nothing. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);

/**
 * The one id rule for path parameters: an id that is not a UUID is a 404 in the resource's words
 * (`@Param('id', IdParam('Property not found'))`), answered before any query can choke on it.
 */
export const IdParam = (notFound: string): PipeTransform<unknown, string> => ({
  transform(value: unknown): string {
    if (!isUuid(value)) throw ApiError.notFound(notFound);
    return value;
  },
});
