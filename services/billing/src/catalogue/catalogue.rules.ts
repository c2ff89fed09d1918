import {
  IMMERSIVE_EXTENSION,
  PLANS,
  PRODUCT_CODES,
  monthlyEquivalentOfAnnual,
  type Currency,
  type Interval,
  type ProductCode,
} from '@tourly/contracts';
import type { PlanPriceResponse, PlanResponse } from './catalogue.dto';

/** Paid plans live in Stripe as products whose id is the product code; the free plan needs no Stripe object. */
export const PAID_PLANS = PRODUCT_CODES.filter((code) => PLANS[code].prices.usd.monthly > 0);

/** What Stripe sells: the paid plans and a premium tour paid on its own. */
export type SoldProduct = ProductCode | typeof IMMERSIVE_EXTENSION.productCode;

/**
 * A plan's Stripe product name, as a person reads it on an invoice: Stripe writes its lines with it (`1 × Starter
 * plan (at $19.95 / month)`, `Unused time on Starter plan after 12 Nov 2026`), so the plan's name alone read as
 * "Unused time on Starter".
 */
export const stripeProductNameOf = (code: ProductCode): string => `${PLANS[code].name} plan`;

/** A Stripe price's lookup key: `<product>_<interval>_<currency>`. */
export const lookupKeyOf = (code: SoldProduct, interval: Interval, currency: Currency): string =>
  `${code}_${interval}_${currency}`;

/** A plan's price for one interval, in cents of the currency. */
export const amountOf = (code: ProductCode, interval: Interval, currency: Currency): number =>
  interval === 'year' ? PLANS[code].prices[currency].annual : PLANS[code].prices[currency].monthly;

/** A plan's prices in one currency, with the annual price's monthly equivalent the grid shows. */
export function priceIn(code: ProductCode, currency: Currency): PlanPriceResponse {
  const { monthly, annual } = PLANS[code].prices[currency];
  return { monthly, annual, annualPerMonth: monthlyEquivalentOfAnnual(annual) };
}

/** The plan grid (000 §2, §9): every plan with its prices in every currency, straight from the contracts. */
export function planGrid(): PlanResponse[] {
  return PRODUCT_CODES.map((code) => {
    const plan = PLANS[code];
    return {
      productCode: plan.productCode,
      planTier: plan.planTier,
      name: plan.name,
      description: plan.description,
      prices: {
        aud: priceIn(code, 'aud'),
        cad: priceIn(code, 'cad'),
        eur: priceIn(code, 'eur'),
        gbp: priceIn(code, 'gbp'),
        nzd: priceIn(code, 'nzd'),
        usd: priceIn(code, 'usd'),
      },
      // Tours the plan includes: premium ones for paid plans (null: unlimited), basic ones (unlimited) for free.
      freeTours: plan.toursType === 'basic' ? null : plan.premiumTourLimit,
      toursType: plan.toursType,
      packageList: plan.packageList,
    };
  });
}
