import { IsBoolean, IsOptional } from 'class-validator';
import { INTERVALS, PRODUCT_CODES, type Interval, type ProductCode } from '@tourly/contracts';
import { Nested, OptionalOneOf, OptionalString, RequiredOneOf } from '@tourly/platform';

/** 000 §3 "Plan selection": productCode, interval, chargeNow, coupon; plus the card to pay with. */
export class PlanSelection {
  /** Missing: 'No selected plan to upgrade' (000 §8). */
  @OptionalOneOf(PRODUCT_CODES)
  productCode?: ProductCode;

  @RequiredOneOf(INTERVALS)
  interval!: Interval;

  /** false: a paid plan change waits for the end of the current period instead of being charged now. */
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  chargeNow?: boolean;

  @OptionalString(100)
  coupon?: string;

  @OptionalString(255)
  paymentMethodId?: string;

  /** Start the Pro plan with its free trial (once per provider). */
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
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
