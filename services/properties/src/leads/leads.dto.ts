import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { LEAD_ATTRIBUTION_LIMITS as LIMITS, MESSAGES } from '@tourly/contracts';
import {
  Nested,
  OptionalString,
  PageQuery,
  RequiredEmail,
  RequiredOneOf,
  RequiredString,
} from '@tourly/platform';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { TOUR_EVENT_TYPES, type LeadSource, type TourEventType } from './leads.rules';

// `POST /v3_player_lead`: the contact form of a tour or a website (001 §5 "Contact form").

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

// Each field's rules are composed with applyDecorators, which keeps them in the order written: with the pipe's
// stopAtFirstError, a value of the wrong type is told so before any range is checked.

/** Text of 1 to 100 characters (trimmed) without control characters: a room as the tour names it. */
const RoomName = () =>
  applyDecorators(
    ApiProperty({ type: String, minLength: 1, maxLength: LIMITS.maxRoomLength }),
    Transform(({ value }) => trimmed(value)),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: 'must be text' }),
    Length(1, LIMITS.maxRoomLength, { message: `must be 1 to ${LIMITS.maxRoomLength} characters` }),
    Matches(NO_CONTROL_CHARACTERS, { message: 'must not hold control characters' }),
  );

/** The floor as the tour's analytics events name it; null or left out when the tour names none. */
const RoomFloor = () =>
  applyDecorators(
    ApiProperty({ type: Number, nullable: true, required: false, minimum: 0, maximum: LIMITS.maxFloor }),
    IsOptional(),
    IsInt({ message: 'must be a whole number' }),
    Min(0, { message: 'must be at least 0' }),
    Max(LIMITS.maxFloor, { message: `must be at most ${LIMITS.maxFloor}` }),
  );

/** Whole seconds, at most a day. */
const RoomSeconds = () =>
  applyDecorators(
    ApiProperty({
      type: Number,
      minimum: 0,
      maximum: LIMITS.maxSeconds,
      description: 'seconds spent there in all',
    }),
    IsDefined({ message: MESSAGES.required }),
    IsInt({ message: 'must be a whole number of seconds' }),
    Min(0, { message: 'must be at least 0' }),
    Max(LIMITS.maxSeconds, { message: `must be at most ${LIMITS.maxSeconds}` }),
  );

/** A list, possibly empty, of at most `LIMITS.maxRooms` rooms. */
const RoomList = () =>
  applyDecorators(
    ApiProperty({ type: () => [LeadRoomForm], maxItems: LIMITS.maxRooms, description: 'longest stay first' }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: 'must be a list' }),
    ArrayMaxSize(LIMITS.maxRooms, { message: `must list at most ${LIMITS.maxRooms}` }),
    IsObject({ each: true, message: 'must list objects' }),
    ValidateNested({ each: true }),
    Type(() => LeadRoomForm),
  );

/** A list, possibly empty, of at most `LIMITS.maxPath` room names, each as `RoomName` takes it. */
const RoomPath = () =>
  applyDecorators(
    ApiProperty({
      type: [String],
      maxItems: LIMITS.maxPath,
      description: 'the rooms in the order entered, oldest first',
    }),
    Transform(({ value }) => (Array.isArray(value) ? value.map(trimmed) : value)),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: 'must be a list' }),
    ArrayMaxSize(LIMITS.maxPath, { message: `must list at most ${LIMITS.maxPath}` }),
    IsString({ each: true, message: 'must list room names as text' }),
    Length(1, LIMITS.maxRoomLength, {
      each: true,
      message: `must list room names of 1 to ${LIMITS.maxRoomLength} characters`,
    }),
    Matches(NO_CONTROL_CHARACTERS, {
      each: true,
      message: 'must list room names without control characters',
    }),
  );

/** A room the visitor stayed in, and for how long in all. */
export class LeadRoomForm {
  @RoomName()
  room!: string;

  @RoomFloor()
  floor?: number | null;

  @RoomSeconds()
  seconds!: number;
}

/**
 * The rooms behind a tour's lead, as the visitor's browser computed them (`LeadAttribution` in libs/contracts): either
 * list may be empty, never longer than its limit.
 */
export class LeadAttributionForm {
  @RoomList()
  rooms!: LeadRoomForm[];

  @RoomPath()
  path!: string[];
}

export class LeadForm {
  @RequiredString(100)
  firstName!: string;

  @RequiredString(100)
  lastName!: string;

  @RequiredEmail()
  email!: string;

  @RequiredString(40)
  phoneNumber!: string;

  @RequiredString(5000)
  message!: string;

  /** The tour's public id, `{client_slug}~{model_slug}` (a tour's form). */
  @OptionalString(300)
  tourId?: string | null;

  /** The property whose website the form is on (a website's form). */
  @OptionalString(100)
  propertyId?: string | null;

  /** A field people never see: only robots fill it in. */
  @OptionalString(300)
  company?: string | null;

  /** A tour's form only: where the visitor went before writing, sent with its consent to analytics. */
  @Nested(() => LeadAttributionForm, { optional: true })
  attribution?: LeadAttributionForm | null;
}
export class CreateLead {
  @Nested(() => LeadForm)
  lead!: LeadForm;
}

export class LeadCreatedResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'a lead from a tour behind the lead gate: a link that opens the tour in another browser for 7 days; else null',
  })
  unlockUrl!: string | null;
}

export class LeadRoomResponse {
  @ApiProperty()
  room!: string;

  @ApiProperty({ type: Number, nullable: true })
  floor!: number | null;

  @ApiProperty({ description: 'seconds spent there in all' })
  seconds!: number;
}

export class LeadAttributionResponse {
  @ApiProperty({ type: () => [LeadRoomResponse], description: 'the rooms stayed in longest, longest first' })
  rooms!: LeadRoomResponse[];

  @ApiProperty({ type: [String], description: 'the rooms in the order entered, oldest first' })
  path!: string[];
}

export class LeadResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  phoneNumber!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ enum: ['tour', 'website'], description: 'the form it was sent from' })
  source!: LeadSource;

  @ApiProperty({
    type: () => LeadAttributionResponse,
    nullable: true,
    description: 'the rooms behind a tour’s lead, as the visitor’s browser reported them; null: none sent',
  })
  attribution!: LeadAttributionResponse | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class LeadsQuery extends PageQuery {}

// `POST /digital_twin/{id}/events`: what a visitor did in the tour.

export class TourEventForm {
  @RequiredOneOf(TOUR_EVENT_TYPES)
  type!: TourEventType;

  /** The agent whose phone number was revealed: one of the tour's agents. */
  @RequiredString(100)
  agentId!: string;
}
export class CreateTourEvent {
  @Nested(() => TourEventForm)
  event!: TourEventForm;
}
