import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  CURRENCIES,
  IMMERSIVE_EXTENSION,
  INTERVALS,
  PLANS,
  type Currency,
  type Interval,
} from '@tourly/contracts';
import { ApiError, LOGGER, type Logger } from '@tourly/platform';
import { isMissing, PAYMENTS_UNAVAILABLE } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import type { PlanResponse } from './catalogue.dto';
import {
  amountOf,
  lookupKeyOf,
  PAID_PLANS,
  planGrid,
  stripeProductNameOf,
  type SoldProduct,
} from './catalogue.rules';

export type { SoldProduct } from './catalogue.rules';

interface CataloguePrice {
  product: SoldProduct;
  interval: Interval;
  currency: Currency;
  amount: number;
}

/** Every price of the catalogue, by product. */
const CATALOGUE: Array<{
  product: SoldProduct;
  name: string;
  metadata: Record<string, string>;
  prices: CataloguePrice[];
}> = [
  ...PAID_PLANS.map((code) => ({
    product: code,
    name: stripeProductNameOf(code),
    metadata: { product_code: code, plan_tier: String(PLANS[code].planTier) },
    prices: INTERVALS.flatMap((interval) =>
      CURRENCIES.map((currency) => ({
        product: code,
        interval,
        currency,
        amount: amountOf(code, interval, currency),
      })),
    ),
  })),
  {
    product: IMMERSIVE_EXTENSION.productCode,
    name: IMMERSIVE_EXTENSION.name,
    metadata: { product_code: IMMERSIVE_EXTENSION.productCode },
    prices: CURRENCIES.map((currency) => ({
      product: IMMERSIVE_EXTENSION.productCode,
      interval: IMMERSIVE_EXTENSION.interval,
      currency,
      amount: IMMERSIVE_EXTENSION.prices[currency],
    })),
  },
];

const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/**
 * Mirrors the plan table of `libs/contracts` to Stripe at start: one product per paid plan (and one for a premium
 * tour paid on its own), named as invoices should read it (a product under another name is renamed), one price per
 * interval and currency, found by lookup key. Idempotent: what exists with the right amount is kept; a price
 * whose amount changed gets a successor that takes over its lookup key (subscriptions on the old one keep it).
 */
@Injectable()
export class CatalogueService implements OnApplicationBootstrap, OnApplicationShutdown {
  private prices = new Map<string, string>();
  private syncing?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly payments: Payments,
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

  /** The plan grid: every plan with its prices in every currency. */
  plans(): PlanResponse[] {
    return planGrid();
  }

  /** The Stripe price of a product, interval and currency. */
  async priceId(code: SoldProduct, interval: Interval, currency: Currency): Promise<string> {
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
    for (const { product, name, metadata, prices: wanted } of CATALOGUE) {
      await this.ensureProduct(product, name, metadata);
      const existing = await this.payments.activePrices(product);
      for (const { interval, currency, amount } of wanted) {
        const lookupKey = lookupKeyOf(product, interval, currency);
        const found = existing.find(
          (price) => price.lookup_key === lookupKey && price.unit_amount === amount,
        );
        const price =
          found ??
          (await this.payments.createPrice(
            {
              product,
              currency,
              unit_amount: amount,
              recurring: { interval },
              lookup_key: lookupKey,
              transfer_lookup_key: true,
              metadata: { product_code: product, interval },
            },
            `price:${lookupKey}:${amount}`,
          ));
        prices.set(lookupKey, price.id);
      }
    }
    this.prices = prices;
    this.logger.info({ prices: prices.size }, 'plan catalogue in sync with Stripe');
  }

  private async ensureProduct(
    id: SoldProduct,
    name: string,
    metadata: Record<string, string>,
  ): Promise<void> {
    let existing: Stripe.Product;
    try {
      existing = await this.payments.product(id);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await this.payments.createProduct({ id, name, metadata }, `product:${id}`);
      return;
    }
    // A product made under an older name (the plan's name alone) takes the current one: invoices to come read it.
    if (existing.name !== name) {
      await this.payments.updateProduct(id, { name }, `product:${id}:name:${name}`);
      this.logger.info({ product: id, from: existing.name, to: name }, 'Stripe product renamed');
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
