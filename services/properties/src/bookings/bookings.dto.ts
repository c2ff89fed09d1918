import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsObject,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  ACCESS_TYPES,
  BOOKING_LIMITS,
  BOOKING_OUTCOMES,
  BOOKING_RESPONSES,
  BOOKING_STATUSES,
  MESSAGES,
  SLOT_STEPS,
  TIME_ZONES,
  type AccessType,
  type BookingOutcome,
  type BookingResponse,
  type BookingStatus,
} from '@tourly/contracts';
import {
  Cents,
  IdField,
  IsoDate,
  ListField,
  Nested,
  OneOfField,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  QueryInt,
  RequiredEmail,
  RequiredOneOf,
  RequiredString,
  TextField,
  TimeField,
} from '@tourly/platform';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const BOOKING_PAGE_NOT_FOUND = 'Booking page not found';
export const BOOKING_SERVICE_NOT_FOUND = 'Service not found';
export const MEMBER_NOT_FOUND = 'Team member not found';
/** 409 when the slot went to someone else between the form showing it and the agent confirming. */
export const SLOT_TAKEN =
  'Sorry, this time was just booked by someone else. Pick another time from the list, which is now up to date.';
/** 422 on `starts_at` that is not one of the times the form offers. */
export const NOT_A_SLOT = 'is not an available time: pick one of the times offered';
export const SLUG_TAKEN = 'is already the address of another booking page';
export const SLUG_RULE =
  'may use lowercase letters, digits and dashes (3 to 60, starting and ending with a letter or a digit)';
export const NOT_OFFERED = 'must be services this booking page offers';
export const NOT_A_TEAM_MEMBER = 'is not a member of your team';
export const NOT_A_PROPERTY = 'is not one of your properties';
export const TOO_LONG = 'together last more than 12 hours: book them as separate shoots';
export const HOURS_OVERLAP = 'must not overlap on the same day';
export const SETUP_INCOMPLETE =
  'Add at least one service and the working hours of at least one team member before publishing the booking form.';
export const BOOKING_CLOSED =
  'This booking form is not taking bookings right now. Please contact the photographer directly.';

const SLUG = /^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

const Slug = () =>
  applyDecorators(
    ApiProperty({ type: String, pattern: SLUG.source }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
    IsDefined({ message: MESSAGES.required }),
    Matches(SLUG, { message: SLUG_RULE }),
  );

const WholeNumber = (min: number, max: number) =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: min, maximum: max }),
    IsInt({ message: 'must be a whole number' }),
    Min(min, { message: `must be at least ${min}` }),
    Max(max, { message: `must be at most ${max}` }),
  );

const Clock = () =>
  applyDecorators(
    ApiProperty({ type: String, example: '09:00', description: 'HH:MM, 24-hour clock; 24:00 ends a day' }),
    IsDefined({ message: MESSAGES.required }),
    Matches(CLOCK, { message: 'must be a time of day such as 09:00' }),
  );

/** A date as the spec writes dates (002 §9 "Date format YYYY-MM-DD"), and one that exists. */
export const IsoDay = (options: { optional?: boolean } = {}) =>
  applyDecorators(
    (options.optional ? ApiPropertyOptional : ApiProperty)({ type: String, format: 'date' }),
    ...(options.optional ? [IsOptional()] : [IsDefined({ message: MESSAGES.required })]),
    Matches(DAY, { message: MESSAGES.invalidDate }),
    // 2026-02-31 has the shape of a date but is none (JavaScript would read it as 3 March).
    Transform(({ value }) =>
      typeof value === 'string' && DAY.test(value) && !isRealDay(value) ? 'invalid' : value,
    ),
  );

/** A list of ids in the query string: `service_ids=a,b` or `service_ids[]=a`. */
const IdList = (message: string, max: number) =>
  applyDecorators(
    ApiProperty({ type: [String], description: 'ids separated by commas, or repeated with []' }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : value,
    ),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message }),
    ArrayNotEmpty({ message: MESSAGES.required }),
    ArrayMaxSize(max, { message: `must list at most ${max}` }),
    IsUUID('all', { each: true, message }),
  );

// ---- the booking page (the provider's setup) ----

/** `{booking_page: {...}}`: what the public form says and how it offers times; replaced whole. */
export class BookingPageForm {
  /** The form's address: `/book/{slug}`. */
  @Slug()
  slug!: string;

  @RequiredString(120)
  title!: string;

  @OptionalString(2000)
  intro?: string | null;

  @RequiredOneOf(TIME_ZONES)
  timeZone!: string;

  /** How many hours ahead of a shoot a booking must come in. */
  @WholeNumber(0, BOOKING_LIMITS.maxLeadTimeHours)
  leadTimeHours!: number;

  /** Minutes between two times the form offers. */
  @ApiProperty({ enum: SLOT_STEPS })
  @IsIn(SLOT_STEPS as unknown as number[], { message: `must be one of: ${SLOT_STEPS.join(', ')}` })
  slotMinutes!: number;

  @ApiProperty({ enum: ACCESS_TYPES, isArray: true })
  @IsArray({ message: MESSAGES.required })
  @ArrayNotEmpty({ message: 'must offer at least one access type' })
  @IsIn(ACCESS_TYPES as unknown as string[], {
    each: true,
    message: `must each be one of: ${ACCESS_TYPES.join(', ')}`,
  })
  accessTypes!: AccessType[];
}

export class SaveBookingPage {
  @Nested(() => BookingPageForm)
  bookingPage!: BookingPageForm;
}

/** `{booking_service: {...}}`: a service the form offers (a 3D scan, photos, a floor plan visit). */
export class BookingServiceForm {
  @RequiredString(120)
  name!: string;

  @OptionalString(1000)
  description?: string | null;

  @WholeNumber(BOOKING_LIMITS.minDurationMinutes, BOOKING_LIMITS.maxDurationMinutes)
  durationMinutes!: number;

  @Cents()
  priceCents!: number;

  /** ISO 4217, lowercase; `usd` when left out. */
  @ApiPropertyOptional({ type: String, example: 'usd' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Matches(/^[a-z]{3}$/, { message: 'must be a three-letter currency code, e.g. usd' })
  currency?: string;
}

export class SaveBookingService {
  @Nested(() => BookingServiceForm)
  bookingService!: BookingServiceForm;
}

export class WorkingHours {
  /** 0 Sunday to 6 Saturday. */
  @WholeNumber(0, 6)
  weekday!: number;

  @Clock()
  starts!: string;

  @Clock()
  ends!: string;
}

/** `{booking_member: {...}}`: when a team member takes bookings, in their own time zone (an empty list: never). */
export class BookingMemberForm {
  @RequiredOneOf(TIME_ZONES)
  timeZone!: string;

  @ApiProperty({ type: () => [WorkingHours] })
  @IsDefined({ message: MESSAGES.required })
  @IsArray({ message: MESSAGES.required })
  @ArrayMaxSize(7 * BOOKING_LIMITS.windowsPerDay, {
    message: `must list at most ${7 * BOOKING_LIMITS.windowsPerDay}`,
  })
  // Each one an object: a list inside the list (`[[]]`) reached the rules as hours and answered 500.
  @IsObject({ each: true, message: 'must list objects' })
  @ValidateNested({ each: true })
  @Type(() => WorkingHours)
  hours!: WorkingHours[];
}

export class SaveBookingMember {
  @Nested(() => BookingMemberForm)
  bookingMember!: BookingMemberForm;
}

export class BookingServiceResponse {
  @IdField()
  id!: string;

  @ApiProperty()
  name!: string;

  @TextField({ nullable: true })
  description!: string | null;

  @ApiProperty()
  durationMinutes!: number;

  @ApiProperty()
  priceCents!: number;

  @ApiProperty()
  currency!: string;
}

export class WorkingHoursResponse {
  @ApiProperty()
  weekday!: number;

  @ApiProperty()
  starts!: string;

  @ApiProperty()
  ends!: string;
}

export class BookingMemberResponse {
  @IdField()
  userId!: string;

  @TextField({ nullable: true, description: 'null: no longer in the team' })
  fullName!: string | null;

  @ApiProperty()
  timeZone!: string;

  @ListField(WorkingHoursResponse)
  hours!: WorkingHoursResponse[];
}

export class SetupStepResponse {
  @OneOfField(['details', 'services', 'hours', 'published'])
  key!: 'details' | 'services' | 'hours' | 'published';

  @ApiProperty()
  label!: string;

  @ApiProperty()
  done!: boolean;
}

export class BookingPageResponse {
  @ApiProperty({ description: 'false until the provider first saves it: the values are suggestions' })
  saved!: boolean;

  @ApiProperty()
  slug!: string;

  @ApiProperty({ description: 'the public form, a path of the app (and of the provider’s own domains)' })
  path!: string;

  @ApiProperty()
  title!: string;

  @TextField({ nullable: true })
  intro!: string | null;

  @ApiProperty()
  timeZone!: string;

  @ApiProperty()
  leadTimeHours!: number;

  @ApiProperty()
  slotMinutes!: number;

  @ApiProperty({ enum: ACCESS_TYPES, isArray: true })
  accessTypes!: AccessType[];

  @ApiProperty()
  published!: boolean;

  @ApiProperty({ description: 'whether the plan lets the form be published (000 §6)' })
  canPublish!: boolean;

  @ListField(BookingServiceResponse)
  services!: BookingServiceResponse[];

  @ListField(BookingMemberResponse)
  members!: BookingMemberResponse[];

  @ListField(SetupStepResponse, { description: 'the setup progress (001 §2), in order' })
  setup!: SetupStepResponse[];
}

// ---- the public form ----

export class PublicBookingServiceResponse extends BookingServiceResponse {}

export class PublicBookingPageResponse {
  @ApiProperty()
  slug!: string;

  @ApiProperty()
  title!: string;

  @TextField({ nullable: true })
  intro!: string | null;

  @TextField({ nullable: true, description: 'whom the form books' })
  providerName!: string | null;

  @ApiProperty()
  timeZone!: string;

  @ApiProperty({ enum: ACCESS_TYPES, isArray: true })
  accessTypes!: AccessType[];

  @ListField(PublicBookingServiceResponse)
  services!: PublicBookingServiceResponse[];

  @ApiProperty({ description: 'false: a preview (the provider’s own, not published)' })
  published!: boolean;
}

export class AvailabilityQuery {
  /** The first day, in the page's time zone. */
  @IsoDay()
  from!: string;

  @QueryInt({ min: 1, max: BOOKING_LIMITS.maxAvailabilityDays, description: 'days from `from` (default 7)' })
  days = 7;

  @IdList(NOT_OFFERED, BOOKING_LIMITS.servicesPerBooking)
  serviceIds!: string[];
}

export class AvailableDayResponse {
  @ApiProperty({ format: 'date' })
  date!: string;

  @ListField(String, { description: 'start times (ISO 8601, UTC), earliest first' })
  slots!: string[];
}

export class AvailabilityResponse {
  @ApiProperty()
  timeZone!: string;

  @ApiProperty({ description: 'the length of the shoot the slots fit' })
  durationMinutes!: number;

  @ListField(AvailableDayResponse)
  days!: AvailableDayResponse[];
}

export class AddressQuery {
  @RequiredString(300)
  q!: string;
}

export class AddressSuggestionResponse {
  @ApiProperty()
  formattedAddress!: string;

  @ApiProperty()
  latitude!: number;

  @ApiProperty()
  longitude!: number;
}

/** `{booking: {...}}`: what an agent sends from the public form. */
export class BookingRequest {
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsDefined({ message: MESSAGES.required })
  @IsArray({ message: NOT_OFFERED })
  @ArrayNotEmpty({ message: 'must pick at least one service' })
  @ArrayMaxSize(BOOKING_LIMITS.servicesPerBooking, {
    message: `must list at most ${BOOKING_LIMITS.servicesPerBooking}`,
  })
  @IsUUID('all', { each: true, message: NOT_OFFERED })
  serviceIds!: string[];

  @IsoDate()
  startsAt!: string;

  @RequiredString(300)
  address!: string;

  @RequiredOneOf(ACCESS_TYPES)
  accessType!: AccessType;

  @OptionalString(1000)
  accessDetails?: string | null;

  @RequiredString(120)
  fullName!: string;

  @RequiredEmail()
  emailAddress!: string;

  @OptionalString(40)
  phoneNumber?: string | null;

  @OptionalString(200)
  agencyName?: string | null;

  @OptionalString(2000)
  notes?: string | null;
}

export class CreateBooking {
  @Nested(() => BookingRequest)
  booking!: BookingRequest;
}

export class BookingReceivedResponse {
  @IdField()
  id!: string;

  @OneOfField(BOOKING_STATUSES)
  status!: BookingStatus;

  @TimeField()
  startsAt!: string;

  @TimeField()
  endsAt!: string;

  @ApiProperty()
  timeZone!: string;

  @ApiProperty()
  formattedAddress!: string;
}

// ---- the provider's bookings ----

export class BookingsQuery extends PageQuery {
  /** From this day (the page's time zone), inclusive. */
  @IsoDay({ optional: true })
  from?: string;

  /** Up to this day, inclusive. */
  @IsoDay({ optional: true })
  to?: string;

  @OptionalOneOf(BOOKING_STATUSES)
  status?: BookingStatus;

  /** Matches the agent's name, e-mail address or agency, or the address. */
  @OptionalString(200)
  q?: string;
}

export class CalendarQuery {
  @ApiProperty({ type: String, example: '2026-12', description: 'YYYY-MM' })
  @IsDefined({ message: MESSAGES.required })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month such as 2026-12' })
  month!: string;
}

export class CalendarDayResponse {
  @ApiProperty({ format: 'date' })
  date!: string;

  @ApiProperty()
  pending!: number;

  @ApiProperty()
  accepted!: number;

  @ApiProperty()
  completed!: number;

  @ApiProperty({ description: 'declined and cancelled' })
  closed!: number;
}

export class CalendarResponse {
  @ApiProperty()
  timeZone!: string;

  @ListField(CalendarDayResponse, { description: 'only the days that have bookings' })
  days!: CalendarDayResponse[];
}

export class BookedServiceResponse {
  @IdField()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  durationMinutes!: number;

  @ApiProperty()
  priceCents!: number;
}

export class BookingResponseBody {
  @IdField()
  id!: string;

  @OneOfField(BOOKING_STATUSES)
  status!: BookingStatus;

  @TimeField()
  startsAt!: string;

  @TimeField()
  endsAt!: string;

  @ApiProperty()
  timeZone!: string;

  @IdField()
  assignedUserId!: string;

  @TextField({ nullable: true })
  assignedUserName!: string | null;

  @ListField(BookedServiceResponse)
  services!: BookedServiceResponse[];

  @ApiProperty()
  totalCents!: number;

  @ApiProperty()
  currency!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty()
  formattedAddress!: string;

  @ApiProperty()
  latitude!: number;

  @ApiProperty()
  longitude!: number;

  @OneOfField(ACCESS_TYPES)
  accessType!: AccessType;

  @TextField({ nullable: true })
  accessDetails!: string | null;

  @ApiProperty()
  fullName!: string;

  @ApiProperty()
  emailAddress!: string;

  @TextField({ nullable: true })
  phoneNumber!: string | null;

  @TextField({ nullable: true })
  agencyName!: string | null;

  @TextField({ nullable: true })
  notes!: string | null;

  @TextField({ nullable: true })
  providerNotes!: string | null;

  @IdField({ nullable: true })
  contactId!: string | null;

  @IdField({ nullable: true })
  providerClientId!: string | null;

  @TextField({ nullable: true })
  providerClientName!: string | null;

  @IdField({ nullable: true })
  propertyId!: string | null;

  @TextField({ nullable: true })
  propertyTitle!: string | null;

  @TimeField({ nullable: true })
  respondedAt!: string | null;

  @TimeField({ nullable: true })
  invoicedAt!: string | null;

  @TimeField({ nullable: true })
  cancelledAt!: string | null;

  @TextField({ nullable: true })
  cancelReason!: string | null;

  @TimeField()
  createdAt!: string;

  @TimeField()
  updatedAt!: string;
}

/**
 * `{provider_properties_update_booking_form: {...}}` (002 §3): the provider's answer (`response`), how it went
 * (`outcome`), a new time or team member, its own notes and the property the shoot was for. Each field left out is
 * left as it is.
 */
export class BookingUpdateForm {
  @OptionalOneOf(BOOKING_RESPONSES)
  response?: BookingResponse;

  @OptionalOneOf(BOOKING_OUTCOMES)
  outcome?: BookingOutcome;

  @IsoDate({ optional: true })
  startsAt?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: NOT_A_TEAM_MEMBER })
  assignedUserId?: string;

  @OptionalString(2000)
  providerNotes?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID('all', { message: NOT_A_PROPERTY })
  propertyId?: string | null;

  @OptionalString(500)
  cancelReason?: string | null;
}

export class UpdateBooking {
  @Nested(() => BookingUpdateForm)
  providerPropertiesUpdateBookingForm!: BookingUpdateForm;
}

export class CancelBooking {
  @OptionalString(500)
  reason?: string | null;
}

/** A booking as its client's portal shows it: what was booked and where it stands, not the provider's notes. */
export class PortalBookingResponse {
  @IdField()
  id!: string;

  @OneOfField(BOOKING_STATUSES)
  status!: BookingStatus;

  @TimeField()
  startsAt!: string;

  @TimeField()
  endsAt!: string;

  @ApiProperty()
  timeZone!: string;

  @ListField(BookedServiceResponse)
  services!: BookedServiceResponse[];

  @ApiProperty()
  totalCents!: number;

  @ApiProperty()
  currency!: string;

  @ApiProperty()
  formattedAddress!: string;

  @ApiProperty({ description: 'the agent who booked it' })
  fullName!: string;

  @IdField({ nullable: true })
  propertyId!: string | null;

  @TimeField({ nullable: true })
  invoicedAt!: string | null;
}

export class AdminBookingResponse {
  @IdField()
  id!: string;

  @OneOfField(BOOKING_STATUSES)
  status!: BookingStatus;

  @TimeField()
  startsAt!: string;

  @ApiProperty()
  fullName!: string;

  @ApiProperty()
  formattedAddress!: string;

  @ApiProperty()
  totalCents!: number;

  @ApiProperty()
  currency!: string;

  @TimeField({ nullable: true })
  invoicedAt!: string | null;

  @TimeField()
  createdAt!: string;
}

export class PublishedResponse {
  @ApiProperty()
  published!: boolean;
}

export class RemovedResponse {
  @IdField()
  id!: string;
}
