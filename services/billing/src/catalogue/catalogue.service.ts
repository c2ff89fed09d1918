import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  CURRENCIES,
  INTERVALS,
  PLANS,
  PRODUCT_CODES,
  type Currency,
  type Interval,
  type ProductCode,
} from '@tourly/contracts';
import { ApiError, LOGGER, type Logger } from '@tourly/platform';
import { isMissing, PAYMENTS_UNAVAILABLE } from '../stripe/stripe-errors';
import { STRIPE } from '../stripe/stripe.module';

/** Paid plans live in Stripe as products whose id is the product code; the free plan needs no Stripe object. */
export const PAID_PLANS = PRODUCT_CODES.filter((code) => PLANS[code].prices.usd.monthly > 0);

export const lookupKeyOf = (code: ProductCode, interval: Interval, currency: Currency) =>
  `${code}_${interval}_${currency}`;

export const amountOf = (code: ProductCode, interval: Interval, currency: Currency) =>
  interval === 'year' ? PLANS[code].prices[currency].annual : PLANS[code].prices[currency].monthly;

const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/**
 * Mirrors the plan table of `libs/contracts` to Stripe at start: one product per paid plan, one price per
 * interval and currency, found by lookup key. Idempotent: what exists with the right amount is kept; a price
 * whose amount changed gets a successor that takes over its lookup key (subscriptions on the old one keep it).
 */
@Injectable()
export class CatalogueService implements OnApplicationBootstrap, OnApplicationShutdown {
  private prices = new Map<string, string>();
  private syncing?: Promise<void>;
  private stopped = false;

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Stripe out of reach must not keep the service from starting: the sync retries in the background, and a
    // request needing a price meanwhile tries once more itself (503 if Stripe is still away).
    void this.syncUntilDone();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  /** The Stripe price of a plan, interval and currency. */
  async priceId(code: ProductCode, interval: Interval, currency: Currency): Promise<string> {
    if (this.prices.size === 0) {
      try {
        await this.sync();
      } catch (error) {
        this.logger.warn({ err: error }, 'plan catalogue not synced with Stripe');
        throw ApiError.unavailable(PAYMENTS_UNAVAILABLE);
      }
    }
    const id = this.prices.get(lookupKeyOf(code, interval, currency));
    if (!id) throw ApiError.unavailable(PAYMENTS_UNAVAILABLE);
    return id;
  }

  /** One sync at a time; callers arriving meanwhile share it. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const prices = new Map<string, string>();
    for (const code of PAID_PLANS) {
      await this.ensureProduct(code);
      const existing = await this.stripe.prices.list({ product: code, active: true, limit: 100 });
      for (const interval of INTERVALS) {
        for (const currency of CURRENCIES) {
          const lookupKey = lookupKeyOf(code, interval, currency);
          const amount = amountOf(code, interval, currency);
          const found = existing.data.find(
            (price) => price.lookup_key === lookupKey && price.unit_amount === amount,
          );
          const price =
            found ??
            (await this.stripe.prices.create(
              {
                product: code,
                currency,
                unit_amount: amount,
                recurring: { interval },
                lookup_key: lookupKey,
                transfer_lookup_key: true,
                metadata: { product_code: code, interval },
              },
              { idempotencyKey: `price:${lookupKey}:${amount}` },
            ));
          prices.set(lookupKey, price.id);
        }
      }
    }
    this.prices = prices;
    this.logger.info({ prices: prices.size }, 'plan catalogue in sync with Stripe');
  }

  private async ensureProduct(code: ProductCode): Promise<void> {
    const plan = PLANS[code];
    try {
      await this.stripe.products.retrieve(code);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await this.stripe.products.create(
        { id: code, name: plan.name, metadata: { product_code: code, plan_tier: String(plan.planTier) } },
        { idempotencyKey: `product:${code}` },
      );
    }
  }

  private async syncUntilDone(): Promise<void> {
    for (let attempt = 0; !this.stopped && this.prices.size === 0; attempt += 1) {
      try {
        await this.sync();
      } catch (error) {
        const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
        this.logger.warn({ err: error, retryInMs: delay }, 'plan catalogue not synced with Stripe yet');
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }
}
