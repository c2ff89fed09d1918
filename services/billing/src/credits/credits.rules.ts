import {
  CREDIT_BUNDLES,
  CREDIT_UNIT_PRICES,
  MAX_CREDIT_HOLD_SECONDS,
  MIN_CREDIT_HOLD_SECONDS,
  STRIPE_MINIMUM_CHARGE_CENTS,
  type CreditBundleSize,
  type Currency,
} from '@tourly/contracts';
import { isUuid } from '@tourly/platform';

/**
 * What a number of credits costs in a currency: the bundle saving of the largest bundle it reaches, then a voucher's
 * discount on that. `discountPercent` is the bundle's; `discountInCents` both savings together.
 */
export interface CreditsPrice {
  creditsQty: number;
  currency: Currency;
  unitPriceInCents: number;
  bundle: CreditBundleSize | null;
  discountPercent: number;
  subtotalInCents: number;
  discountInCents: number;
  /** What the voucher's discount takes off the bundle's total. */
  voucherDiscountInCents: number;
  totalInCents: number;
}

export function creditsPrice(creditsQty: number, currency: Currency, voucherPercent = 0): CreditsPrice {
  const unitPriceInCents = CREDIT_UNIT_PRICES[currency];
  const bundle = [...CREDIT_BUNDLES].reverse().find((candidate) => creditsQty >= candidate.credits);
  const discountPercent = bundle?.savingPercent ?? 0;
  const subtotalInCents = creditsQty * unitPriceInCents;
  const bundleTotalInCents = Math.round((subtotalInCents * (100 - discountPercent)) / 100);
  const voucherDiscountInCents = Math.round((bundleTotalInCents * voucherPercent) / 100);
  const totalInCents = bundleTotalInCents - voucherDiscountInCents;
  return {
    creditsQty,
    currency,
    unitPriceInCents,
    bundle: bundle?.size ?? null,
    discountPercent,
    subtotalInCents,
    discountInCents: subtotalInCents - totalInCents,
    voucherDiscountInCents,
    totalInCents,
  };
}

/**
 * Why a card cannot be charged this price (Stripe's minimum charge for the currency), in words for `credits_qty`;
 * undefined when it can.
 */
export function belowMinimumCharge(
  price: Pick<CreditsPrice, 'totalInCents' | 'currency'>,
): string | undefined {
  const minimum = STRIPE_MINIMUM_CHARGE_CENTS[price.currency];
  if (price.totalInCents >= minimum) return undefined;
  const smallest = moneyText(minimum, price.currency);
  return `comes to less than the smallest amount a card can be charged (${smallest}); buy more credits`;
}

/** An amount as people read it: `$0.50`, `A$0.50`, `£0.30`. */
export function moneyText(cents: number, currency: Currency): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

export const MAX_REFERENCE_LENGTH = 200;
export const HOLD_SECONDS_RANGE = `must be a whole number of seconds from ${MIN_CREDIT_HOLD_SECONDS} to ${MAX_CREDIT_HOLD_SECONDS} (180 days)`;

/**
 * What is wrong with a reserve, capture or release request from another service (field -> message); empty when
 * nothing. Such a request comes over NATS, past no DTO, so it is checked here. `withAmount`: a reserve, which also
 * has an amount and may say how long to hold (`holdSeconds`, absent for the default).
 */
export function creditsRequestErrors(
  request: { providerId?: unknown; reference?: unknown; amount?: unknown; holdSeconds?: unknown },
  withAmount: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isUuid(request.providerId)) errors.providerId = 'must be a provider id (a UUID)';
  const reference = request.reference;
  if (typeof reference !== 'string' || reference.trim() === '') errors.reference = 'Required';
  else if (reference.length > MAX_REFERENCE_LENGTH)
    errors.reference = `must be at most ${MAX_REFERENCE_LENGTH} characters`;
  if (withAmount) {
    const amount = request.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount))
      errors.amount = 'must be a whole number of credits';
    else if (amount < 1) errors.amount = 'must be at least 1';
    else if (amount > 1_000_000) errors.amount = 'must be at most 1000000';
    const holdSeconds = request.holdSeconds;
    if (
      holdSeconds !== undefined &&
      (typeof holdSeconds !== 'number' ||
        !Number.isInteger(holdSeconds) ||
        holdSeconds < MIN_CREDIT_HOLD_SECONDS ||
        holdSeconds > MAX_CREDIT_HOLD_SECONDS)
    )
      errors.holdSeconds = HOLD_SECONDS_RANGE;
  }
  return errors;
}
