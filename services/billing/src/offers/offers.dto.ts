import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, Max, Min } from 'class-validator';
import {
  CREDIT_CATEGORIES,
  MESSAGES,
  REDEEMABLE_ACTIONS,
  type CreditCategory,
  type RedeemableAction,
} from '@tourly/contracts';
import {
  IdParam,
  IsoDate,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  RequiredOneOf,
  RequiredString,
} from '@tourly/platform';
import { OFFER_NOT_FOUND, OFFER_STATUSES, type OfferStatus } from './offers.rules';

export const MAX_OFFER_CREDITS = 100_000;

/** An offer's id in a path: not a UUID is "not found" too. */
export const offerId = IdParam(OFFER_NOT_FOUND);

/**
 * `POST /admin/offers` and `PUT /admin/offers/{id}`: the flat record react-admin sends (its other keys, such as
 * `id`, `status` or `redemptions_count`, are ignored). PUT replaces every field.
 */
export class OfferForm {
  /** What providers see. */
  @RequiredString(100)
  name!: string;

  @OptionalString(500)
  description?: string | null;

  @RequiredOneOf(REDEEMABLE_ACTIONS)
  redeemAction!: RedeemableAction;

  @ApiProperty({ type: Number, minimum: 1, maximum: MAX_OFFER_CREDITS })
  @Max(MAX_OFFER_CREDITS, { message: `must be at most ${MAX_OFFER_CREDITS}` })
  @Min(1, { message: 'must be at least 1' })
  @IsInt({ message: 'must be a whole number of credits' })
  @IsDefined({ message: MESSAGES.required })
  credits!: number;

  /** Unset: `promotional`. */
  @OptionalOneOf(CREDIT_CATEGORIES)
  category?: CreditCategory | null;

  /** Unset: from the offer's creation. */
  @IsoDate({ optional: true })
  startsAt?: string | null;

  /** Unset: until archived; else after `starts_at`. */
  @IsoDate({ optional: true })
  endsAt?: string | null;
}

/** `GET /admin/offers`: newest first, archived offers left out. */
export class OffersQuery extends PageQuery {
  /** In the offer's name. */
  @OptionalString(100)
  search?: string;

  @OptionalOneOf(REDEEMABLE_ACTIONS)
  redeemAction?: RedeemableAction;
}

/** `GET /provider/billing/offers/redeemable`: one action's offers, or every action's. */
export class RedeemableOffersQuery {
  @OptionalOneOf(REDEEMABLE_ACTIONS)
  redeemAction?: RedeemableAction;
}

/** An offer as the admin console shows it. */
export class OfferResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ enum: REDEEMABLE_ACTIONS })
  redeemAction!: RedeemableAction;

  @ApiProperty({ description: 'credits each provider receives, once' })
  credits!: number;

  @ApiProperty({ enum: CREDIT_CATEGORIES, description: 'the category of the credits given' })
  category!: CreditCategory;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: from its creation' })
  startsAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: until archived' })
  endsAt!: string | null;

  @ApiProperty({ enum: OFFER_STATUSES, description: 'only a running offer is listed to providers and given' })
  status!: OfferStatus;

  @ApiProperty({ description: 'how many providers received it' })
  redemptionsCount!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** A running offer the provider has not received yet. */
export class RedeemableOfferResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ enum: REDEEMABLE_ACTIONS })
  redeemAction!: RedeemableAction;

  @ApiProperty({ description: 'credits received with the action' })
  credits!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: no end date' })
  endsAt!: string | null;
}
