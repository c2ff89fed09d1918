import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsUUID,
  IsString,
  MaxLength,
  Min,
  Max,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MESSAGES } from '@tourly/contracts';

/**
 * One line per DTO field: each decorator applies validation, transformation and OpenAPI metadata together,
 * with the spec's messages, so validation and docs cannot drift.
 */
const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const trimLower = Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

export const RequiredString = (maxLength = 255) =>
  applyDecorators(
    ApiProperty({ type: String, maxLength }),
    trim,
    IsString({ message: MESSAGES.required }),
    IsNotEmpty({ message: MESSAGES.required }),
    MaxLength(maxLength, { message: `must be at most ${maxLength} characters` }),
  );

/**
 * Text that may be left out; `nullable: false` for a field that can be changed but never cleared (null is
 * refused like any other non-text).
 */
export const OptionalString = (maxLength = 255, { nullable = true }: { nullable?: boolean } = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, maxLength, nullable }),
    trim,
    nullable ? IsOptional() : ValidateIf((_object, value) => value !== undefined),
    IsString({ message: 'must be text' }),
    MaxLength(maxLength, { message: `must be at most ${maxLength} characters` }),
  );

export const RequiredEmail = () =>
  applyDecorators(
    ApiProperty({ type: String, format: 'email' }),
    trimLower,
    IsNotEmpty({ message: MESSAGES.required }),
    IsEmail({}, { message: 'is not a valid email address' }),
  );

export const OptionalEmail = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'email', nullable: true }),
    trimLower,
    IsOptional(),
    IsEmail({}, { message: 'is not a valid email address' }),
  );

export const RequiredOneOf = <T extends string>(values: readonly T[]) =>
  applyDecorators(
    ApiProperty({ enum: values }),
    IsNotEmpty({ message: MESSAGES.required }),
    IsIn(values as T[], { message: `must be one of: ${values.join(', ')}` }),
  );

export const OptionalOneOf = <T extends string>(values: readonly T[]) =>
  applyDecorators(
    ApiPropertyOptional({ enum: values }),
    IsOptional(),
    IsIn(values as T[], { message: `must be one of: ${values.join(', ')}` }),
  );

const NOT_A_FLAG = 'must be true or false';

/** A true-or-false field that must be sent: left out, `Required`; anything but a boolean, `must be true or false`. */
export const RequiredFlag = (options: { description?: string } = {}) =>
  applyDecorators(
    ApiProperty({ type: Boolean, ...options }),
    IsDefined({ message: MESSAGES.required }),
    IsBoolean({ message: NOT_A_FLAG }),
  );

/** A true-or-false field that may be left out (`nullable`: null means left out as well). */
export const OptionalFlag = (options: { description?: string; nullable?: boolean; default?: boolean } = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: Boolean, ...options }),
    IsOptional(),
    IsBoolean({ message: NOT_A_FLAG }),
  );

/** Money: a whole number of cents, never negative. */
export const Cents = () =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: 0, description: 'integer cents' }),
    IsInt({ message: 'must be a whole number of cents' }),
    Min(0, { message: 'must not be negative' }),
  );

/**
 * A finite number with at most `places` decimals (a tax rate's 8.875, a fee's 2.5). Not class-validator's
 * `IsNumber({ maxDecimalPlaces })`, which throws on a number JavaScript prints with an exponent (7e-323): a 500 for a
 * body anyone can send.
 */
export const DecimalNumber = (places: number, message: string) =>
  ValidateBy({
    name: 'decimalNumber',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(places)) === value,
      defaultMessage: () => message,
    },
  });

/** An ISO 8601 timestamp; anything else gets the spec's 'Invalid Date'. */
export const IsoDate = (options: { optional?: boolean } = {}) =>
  applyDecorators(
    (options.optional ? ApiPropertyOptional : ApiProperty)({ type: String, format: 'date-time' }),
    ...(options.optional ? [IsOptional()] : [IsNotEmpty({ message: MESSAGES.required })]),
    IsISO8601({ strict: true }, { message: MESSAGES.invalidDate }),
  );

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A period from `start_date` and `end_date` (a list's filter) (ISO dates or timestamps, already checked): from the start,
 * up to the end; a date alone as an end means its whole day (UTC).
 */
export function periodOf(start?: string, end?: string): { from?: Date; before?: Date } {
  const before = end
    ? new Date(new Date(end).getTime() + (DATE_ONLY.test(end) ? 24 * 3600_000 : 1))
    : undefined;
  return { from: start ? new Date(start) : undefined, before };
}

/** A provider's id in a body or a filter: a UUID, else `is not a provider id`; `optional` for a filter. */
export const ProviderIdField = (options: { optional?: boolean; description?: string } = {}) =>
  applyDecorators(
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      format: 'uuid',
      description: options.description,
    }),
    ...(options.optional ? [IsOptional()] : []),
    IsUUID('all', { message: 'is not a provider id' }),
  );

/** A whole number in the query string (which arrives as text), bounded: by default what a database integer holds. */
export const QueryInt = ({
  min = -INT4_MAX - 1,
  max = INT4_MAX,
  description,
}: { min?: number; max?: number; description?: string } = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: min, maximum: max, description }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'must be a whole number' }),
    Min(min, { message: `must be at least ${min}` }),
    Max(max, { message: `must be at most ${max}` }),
  );

const INT4_MAX = 2_147_483_647;

/**
 * A nested request object (`{"user": {...}}`): an object, never an array, text or null (class-transformer
 * turns an array into an array of instances, which ValidateNested alone lets through empty), its fields
 * validated by its own class.
 */
export const Nested = (type: () => Function, options: { optional?: boolean } = {}) =>
  applyDecorators(
    // A lazy type for @nestjs/swagger is a function named `type` (an arrow in this property gets that name);
    // the caller's arrow, passed as is, is nameless and became an empty `$ref`.
    (options.optional ? ApiPropertyOptional : ApiProperty)({ type: () => type() }),
    ...(options.optional ? [IsOptional()] : [IsDefined({ message: MESSAGES.required })]),
    IsObject({ message: 'must be an object' }),
    ValidateNested(),
    Type(type),
  );

/**
 * A required list of nested objects (`{"media_links": [{...}]}`): an array of at most `max` objects, never of
 * arrays or text, each validated by its own class.
 */
export const NestedList = (type: () => Function, max: number) =>
  applyDecorators(
    ApiProperty({ type: () => [type()] }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: MESSAGES.required }),
    ArrayNotEmpty({ message: MESSAGES.required }),
    ArrayMaxSize(max, { message: `must list at most ${max}` }),
    IsObject({ each: true, message: 'must list objects' }),
    ValidateNested({ each: true }),
    Type(type),
  );
