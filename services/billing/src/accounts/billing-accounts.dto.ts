import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, Matches, Max, Min } from 'class-validator';
import { CARD_BRANDS, CURRENCIES, MESSAGES, type CardBrand, type Currency } from '@tourly/contracts';
import { IsoDate, Nested, OptionalOneOf, RequiredEmail, RequiredString } from '@tourly/platform';

/** 000 §5: name, email, address and country are required, trimmed, 'Required'; currency defaults to usd. */
export class BillingAccountForm {
  @RequiredString(200)
  name!: string;

  @RequiredEmail()
  email!: string;

  @RequiredString(500)
  address!: string;

  // Checked bottom-up: Required first, then the form.
  @Matches(/^[A-Za-z]{2}$/, { message: 'must be a two-letter country code, e.g. US' })
  @RequiredString(2)
  country!: string;

  @OptionalOneOf(CURRENCIES)
  currency?: Currency;
}

export class PaymentMethodChoice {
  @RequiredString(255)
  paymentMethodId!: string;
}

export class AdvanceTestClock {
  @RequiredString(255)
  testClockId!: string;

  @IsoDate()
  time!: string;
}

export class Pricing {
  @ApiProperty({ type: Number, minimum: 0, maximum: 100 })
  @Max(100, { message: 'must be between 0 and 100' })
  @Min(0, { message: 'must be between 0 and 100' })
  @IsInt({ message: 'must be a whole percentage' })
  @IsDefined({ message: MESSAGES.required })
  discountPercent!: number;
}

/** `{"pricing": {"discount_percent": 15}}`. */
export class PricingChange {
  @Nested(() => Pricing)
  pricing!: Pricing;
}

/** The billing form: empty fields (and usd) before the first save. */
export class BillingAccountResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty({ example: 'US' })
  country!: string;

  @ApiProperty({ enum: CURRENCIES })
  currency!: Currency;

  @ApiProperty({ description: 'the billing information has been saved (a Stripe customer exists)' })
  complete!: boolean;
}

/** A card saved on the provider's Stripe customer. */
export class CardResponse {
  @ApiProperty({ description: "Stripe's payment method id" })
  id!: string;

  @ApiProperty({ enum: CARD_BRANDS })
  brand!: CardBrand;

  @ApiProperty({ example: '4242' })
  last4!: string;

  @ApiProperty()
  expMonth!: number;

  @ApiProperty()
  expYear!: number;

  @ApiProperty({ example: '04/2030' })
  expiry!: string;

  @ApiProperty({ description: 'renewals charge this card' })
  isDefault!: boolean;
}

export class RemovedCardResponse {
  @ApiProperty({ description: 'the payment method detached' })
  id!: string;
}

/** A card being saved: the page confirms the client secret with Stripe.js. */
export class SetupIntentResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  clientSecret!: string | null;

  @ApiProperty()
  publishableKey!: string;
}

export class TestClockResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ enum: ['advancing', 'internal_failure', 'ready'] })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  frozenTime!: string;
}

/** The provider's Stripe test clock (test mode), or null when it has none. */
export class TestClockStateResponse {
  @ApiProperty({ type: () => TestClockResponse, nullable: true })
  testClock!: TestClockResponse | null;
}
