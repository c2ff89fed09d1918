import { CURRENCIES, type Currency } from '@tourly/contracts';
import { IsoDate, OptionalOneOf, RequiredEmail, RequiredString } from '@tourly/platform';
import { Matches } from 'class-validator';

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
