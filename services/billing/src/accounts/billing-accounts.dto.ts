import { CURRENCIES, type Currency } from '@tourly/contracts';
import { IsoDate, Nested, OptionalOneOf, RequiredEmail, RequiredString } from '@tourly/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, Matches, Max, Min } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';

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
