import { ApiProperty } from '@nestjs/swagger';
import {
  CURRENCIES,
  INTERVALS,
  PRODUCT_CODES,
  SUBSCRIPTION_STATUSES,
  type Interval,
  type ProductCode,
  type SubscriptionStatus,
} from '@tourly/contracts';
import { Nested, OptionalFlag, OptionalOneOf, OptionalString, RequiredOneOf } from '@tourly/platform';

/** 000 §3 "Plan selection": productCode, interval, chargeNow, coupon; plus the card to pay with. */
export class PlanSelection {
  /** Missing: 'No selected plan to upgrade' (000 §8). */
  @OptionalOneOf(PRODUCT_CODES)
  productCode?: ProductCode;

  @RequiredOneOf(INTERVALS)
  interval!: Interval;

  /** false: a paid plan change waits for the end of the current period instead of being charged now. */
  @OptionalFlag()
  chargeNow?: boolean;

  @OptionalString(100)
  coupon?: string;

  @OptionalString(255)
  paymentMethodId?: string;

  /** Start the Pro plan with its free trial (once per provider). */
  @OptionalFlag()
  trial?: boolean;
}

export class ChangePlan {
  @Nested(() => PlanSelection)
  servicePlanSubscription!: PlanSelection;
}

/** Paying the open invoice of a failed renewal: with this card, or else the default card. */
export class PayNow {
  @OptionalString(255)
  paymentMethodId?: string;
}

/** The plan that follows at the end of the period (a scheduled change, or the free plan after a cancellation). */
export class NextProductResponse {
  @ApiProperty({ enum: PRODUCT_CODES })
  productCode!: ProductCode;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: INTERVALS })
  interval!: Interval;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  startsAt!: string | null;
}

/** The provider's service plan subscription (000 §3); the free plan when it has none or it ended. */
export class SubscriptionResponse {
  @ApiProperty({ enum: PRODUCT_CODES })
  productCode!: ProductCode;

  @ApiProperty()
  planTier!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: INTERVALS })
  interval!: Interval;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  status!: SubscriptionStatus;

  @ApiProperty({ type: Boolean, description: 'always true' })
  chargeNow!: true;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  periodStart!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  periodEnd!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  currentPeriodEnd!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  trialEnd!: string | null;

  @ApiProperty()
  cancelAtPeriodEnd!: boolean;

  @ApiProperty({ type: () => NextProductResponse, nullable: true })
  nextProduct!: NextProductResponse | null;

  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' })
  premiumTourLimit!: number | null;

  @ApiProperty({ description: 'the Pro plan may still start with its free trial' })
  trialAvailable!: boolean;
}

/**
 * A plan change (or a payment) done: `success`, or `requires_action` with the client secret the page confirms with
 * Stripe.js (3-D Secure); the subscription as it stands after it.
 */
export class PlanChangeResponse {
  @ApiProperty({ enum: ['success', 'requires_action'] })
  result!: 'success' | 'requires_action';

  @ApiProperty({ required: false, description: 'with requires_action' })
  clientSecret?: string;

  @ApiProperty({ type: () => SubscriptionResponse })
  subscription!: SubscriptionResponse;
}

export class LineItemResponse {
  @ApiProperty({ enum: ['item', 'discount'] })
  type!: 'item' | 'discount';

  @ApiProperty()
  label!: string;

  @ApiProperty({ description: 'negative for a discount' })
  amountInCents!: number;
}

/** A property a plan change review names. */
export class ReviewedPropertyResponse {
  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty()
  title!: string;
}

export class TourTurningBasicResponse extends ReviewedPropertyResponse {
  @ApiProperty({
    format: 'date-time',
    description: 'when the tour became premium (the oldest turn basic first)',
  })
  premiumSince!: string;
}

/**
 * What a downgrade stops, and when (issue 29): properties' answer for the new plan as things stand now, on the date
 * the change takes effect.
 */
export class WithdrawalsResponse {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when it happens: the end of the current period, when the change takes effect',
  })
  at!: string | null;

  @ApiProperty({
    type: () => [ReviewedPropertyResponse],
    description: 'tours whose links stop working (a plan that does not publish: every shared tour)',
  })
  toursUnshared!: ReviewedPropertyResponse[];

  @ApiProperty({
    type: () => [ReviewedPropertyResponse],
    description:
      'single-property websites that stop being published (a plan that does not publish: every one)',
  })
  websitesUnpublished!: ReviewedPropertyResponse[];

  @ApiProperty({
    type: () => [TourTurningBasicResponse],
    description: "premium tours beyond the new plan's limit, oldest premium first: they turn basic",
  })
  toursTurningBasic!: TourTurningBasicResponse[];
}

/** A plan change's order summary (000 §3 "plan change preview"). */
export class PreviewResponse {
  @ApiProperty({ enum: CURRENCIES })
  currency!: string;

  @ApiProperty()
  subtotalInCents!: number;

  @ApiProperty()
  discountInCents!: number;

  @ApiProperty()
  totalInCents!: number;

  @ApiProperty({ type: () => [LineItemResponse] })
  lineItems!: LineItemResponse[];

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'a change at the period end',
  })
  startsAt!: string | null;

  @ApiProperty({
    type: () => WithdrawalsResponse,
    nullable: true,
    description: 'a move to a lower plan (or the free plan): what it stops and when; null for other changes',
  })
  withdrawals!: WithdrawalsResponse | null;
}
