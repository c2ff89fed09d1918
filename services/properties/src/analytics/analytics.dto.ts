import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ANALYTICS_CONSENTS,
  ANALYTICS_DEVICES,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  LANGUAGES,
  MESSAGES,
  type AnalyticsConsent,
  type AnalyticsDevice,
  type AnalyticsEventType,
  type Language,
} from '@tourly/contracts';
import { Nested, NestedList, PageQuery, RequiredOneOf } from '@tourly/platform';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { eventTimeRefusal, namesZone } from './analytics.rules';

// `POST /digital_twin/{id}/analytics.json`: a batch of what a visitor did in a shared tour (the contract, §1).

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const A_UUID = 'is not a uuid';

/** Text of 1 to `max` characters without control characters, left out or null when absent. */
const OptionalLabel = (max: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, minLength: 1, maxLength: max, nullable: true }),
    IsOptional(),
    IsString({ message: 'must be text' }),
    Length(1, max, { message: `must be 1 to ${max} characters` }),
    Matches(NO_CONTROL_CHARACTERS, { message: 'must not hold control characters' }),
  );

/** An event's time: ISO 8601 with its zone, within the last day and at most 5 minutes ahead of the server. */
const EventTime = () =>
  applyDecorators(
    ApiProperty({ type: String, format: 'date-time' }),
    IsDefined({ message: MESSAGES.required }),
    ValidateBy({
      name: 'analyticsEventTime',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          namesZone(value) &&
          !Number.isNaN(Date.parse(value)) &&
          eventTimeRefusal(Date.parse(value), Date.now()) === null,
        defaultMessage: (args) => {
          const value: unknown = args?.value;
          if (typeof value !== 'string' || !namesZone(value) || Number.isNaN(Date.parse(value)))
            return 'must be an ISO 8601 time with its zone';
          return eventTimeRefusal(Date.parse(value), Date.now()) === 'old'
            ? ANALYTICS_MESSAGES.notWithinLastDay
            : ANALYTICS_MESSAGES.inTheFuture;
        },
      },
    }),
  );

/** `ms`: required on `dwell` (a whole number of milliseconds up to an hour), refused on any other type. */
const DwellMs = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: Number,
      minimum: 0,
      maximum: ANALYTICS_LIMITS.maxDwellMs,
      description: 'dwell only: the milliseconds spent at the place',
    }),
    ValidateBy({
      name: 'analyticsDwellMs',
      validator: {
        validate: (value: unknown, args) => {
          const dwell = (args?.object as { type?: unknown } | undefined)?.type === 'dwell';
          if (!dwell) return value === undefined || value === null;
          return (
            typeof value === 'number' &&
            Number.isInteger(value) &&
            value >= 0 &&
            value <= ANALYTICS_LIMITS.maxDwellMs
          );
        },
        defaultMessage: (args) => {
          const dwell = (args?.object as { type?: unknown } | undefined)?.type === 'dwell';
          if (!dwell) return 'must be left out unless type is dwell';
          if (args?.value === undefined || args?.value === null) return MESSAGES.required;
          return `must be a whole number of milliseconds from 0 to ${ANALYTICS_LIMITS.maxDwellMs}`;
        },
      },
    }),
  );

export class AnalyticsEventForm {
  @ApiProperty({ enum: ANALYTICS_EVENT_TYPES })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(ANALYTICS_EVENT_TYPES as unknown as string[], { message: ANALYTICS_MESSAGES.notAnEventType })
  type!: AnalyticsEventType;

  @EventTime()
  at!: string;

  /** The Matterport sweep (a place of the scan). */
  @ApiPropertyOptional({ type: String, pattern: '^[A-Za-z0-9_-]{1,64}$', nullable: true })
  @IsOptional()
  @IsString({ message: 'must be text' })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be 1 to 64 letters, digits, _ or -' })
  sweep?: string | null;

  @OptionalLabel(80)
  room?: string | null;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 99, nullable: true })
  @IsOptional()
  @IsInt({ message: 'must be a whole number' })
  @Min(0, { message: 'must be at least 0' })
  @Max(99, { message: 'must be at most 99' })
  floor?: number | null;

  @DwellMs()
  ms?: number | null;

  /** What was opened (a menu's item, a tag). */
  @OptionalLabel(80)
  target?: string | null;
}

export class AnalyticsBatchForm {
  /** Made by the player per batch: a batch sent twice is stored once. */
  @ApiProperty({ format: 'uuid' })
  @IsDefined({ message: MESSAGES.required })
  @IsUUID('all', { message: A_UUID })
  id!: string;

  /** Made when the tour page opens: one view is one page load. */
  @ApiProperty({ format: 'uuid' })
  @IsDefined({ message: MESSAGES.required })
  @IsUUID('all', { message: A_UUID })
  viewId!: string;

  /** Kept by the player only with consent; counted only when `consent` is `granted`. */
  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID('all', { message: A_UUID })
  visitorId?: string | null;

  @RequiredOneOf(ANALYTICS_CONSENTS)
  consent!: AnalyticsConsent;

  @RequiredOneOf(ANALYTICS_DEVICES)
  device!: AnalyticsDevice;

  @RequiredOneOf(LANGUAGES)
  language!: Language;

  /** `document.referrer`; only its host is kept. */
  @ApiPropertyOptional({ type: String, maxLength: 2048, nullable: true })
  @IsOptional()
  @IsString({ message: 'must be text' })
  @MaxLength(2048, { message: 'must be at most 2048 characters' })
  referrer?: string | null;

  @NestedList(() => AnalyticsEventForm, ANALYTICS_LIMITS.maxEvents)
  events!: AnalyticsEventForm[];
}

export class AnalyticsBatchBody {
  @Nested(() => AnalyticsBatchForm)
  batch!: AnalyticsBatchForm;
}

// The provider's analytics (the contract, §3).

export class AnalyticsRangeQuery {
  /** The first day, `YYYY-MM-DD` (UTC); default 29 days before `to`. */
  @ApiPropertyOptional({ type: String, format: 'date' })
  @IsOptional()
  @IsString({ message: 'must be a date (YYYY-MM-DD)' })
  from?: string;

  /** The last day, `YYYY-MM-DD` (UTC); default today. At most 366 days after `from`. */
  @ApiPropertyOptional({ type: String, format: 'date' })
  @IsOptional()
  @IsString({ message: 'must be a date (YYYY-MM-DD)' })
  to?: string;
}

export class AnalyticsOverviewQuery extends PageQuery {
  @ApiPropertyOptional({ type: String, format: 'date' })
  @IsOptional()
  @IsString({ message: 'must be a date (YYYY-MM-DD)' })
  from?: string;

  @ApiPropertyOptional({ type: String, format: 'date' })
  @IsOptional()
  @IsString({ message: 'must be a date (YYYY-MM-DD)' })
  to?: string;
}

export class AnalyticsTotalsResponse {
  @ApiProperty() views!: number;
  @ApiProperty() visitors!: number;
  @ApiProperty({ description: 'visitors of the range who had viewed the tour on an earlier day' })
  returningVisitors!: number;
  @ApiProperty() averageSeconds!: number;
  @ApiProperty() medianSeconds!: number;
}

export class AnalyticsDayResponse {
  @ApiProperty({ format: 'date' }) day!: string;
  @ApiProperty() views!: number;
  @ApiProperty() visitors!: number;
}

export class AnalyticsDeviceResponse {
  @ApiProperty({ enum: ANALYTICS_DEVICES }) device!: string;
  @ApiProperty() views!: number;
}

export class AnalyticsReferrerResponse {
  @ApiProperty({ type: String, nullable: true, description: 'null: direct' }) host!: string | null;
  @ApiProperty() views!: number;
}

export class AnalyticsCountryResponse {
  @ApiProperty({ type: String, nullable: true, description: 'null: unknown' }) country!: string | null;
  @ApiProperty() views!: number;
}

export class AnalyticsLanguageResponse {
  @ApiProperty({ enum: LANGUAGES }) language!: string;
  @ApiProperty() views!: number;
}

export class AnalyticsFunnelResponse {
  @ApiProperty() views!: number;
  @ApiProperty() interactions!: number;
  @ApiProperty() contacts!: number;
  @ApiProperty() leads!: number;
}

export class AnalyticsPlaceResponse {
  @ApiProperty({ type: String, nullable: true }) sweep!: string | null;
  @ApiProperty({ type: String, nullable: true }) room!: string | null;
  @ApiProperty({ type: Number, nullable: true }) floor!: number | null;
  @ApiProperty() seconds!: number;
  @ApiProperty() visits!: number;
  @ApiProperty({ description: 'seconds / all seconds of the range' }) share!: number;
}

export class PropertyAnalyticsResponse {
  @ApiProperty({ format: 'date' }) from!: string;
  @ApiProperty({ format: 'date' }) to!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updatedAt!: string | null;
  @ApiProperty({ type: () => AnalyticsTotalsResponse }) totals!: AnalyticsTotalsResponse;
  @ApiProperty({ type: () => [AnalyticsDayResponse] }) days!: AnalyticsDayResponse[];
  @ApiProperty({ type: () => [AnalyticsDeviceResponse] }) devices!: AnalyticsDeviceResponse[];
  @ApiProperty({ type: () => [AnalyticsReferrerResponse] }) referrers!: AnalyticsReferrerResponse[];
  @ApiProperty({ type: () => [AnalyticsCountryResponse] }) countries!: AnalyticsCountryResponse[];
  @ApiProperty({ type: () => [AnalyticsLanguageResponse] }) languages!: AnalyticsLanguageResponse[];
  @ApiProperty({ type: () => AnalyticsFunnelResponse }) funnel!: AnalyticsFunnelResponse;
  @ApiProperty({ type: () => [AnalyticsPlaceResponse] }) places!: AnalyticsPlaceResponse[];
}

export class AnalyticsOverviewItemResponse {
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty() title!: string;
  @ApiProperty() views!: number;
  @ApiProperty() visitors!: number;
  @ApiProperty() averageSeconds!: number;
  @ApiProperty() leads!: number;
}
