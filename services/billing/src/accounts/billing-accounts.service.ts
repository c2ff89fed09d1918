import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DEFAULT_CURRENCY, MESSAGES } from '@tourly/contracts';
import { ApiError, CONFIG, Database, EventBus } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { recordChangedFields } from '../admin/admin-changes';
import type { BillingConfig } from '../config';
import { asApiError, isMissing, stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import { inGoodStanding } from '../subscriptions/subscriptions.rules';
import type {
  BillingAccountForm,
  BillingAccountResponse,
  CardResponse,
  RemovedCardResponse,
  SetupIntentResponse,
  TestClockStateResponse,
} from './billing-accounts.dto';
import { BillingAccountsRepository, type BillingAccountRow } from './billing-accounts.repository';
import {
  addMonths,
  cardOf,
  clockOf,
  defaultPaymentMethodOf,
  nextClockStop,
  type Recurring,
} from './billing-accounts.rules';
import { SubscriptionsRepository } from './subscriptions.repository';

export const BILLING_INFO_FIRST = 'Save your billing information first: name, email, address and country.';
export const CARD_NOT_FOUND = 'Card not found';
export const CURRENCY_LOCKED =
  'cannot change while you have a paid plan; it is the currency the plan is billed in';
export const TEST_CLOCKS_OFF = 'Test clocks are only available in test mode.';
export const TEST_CLOCK_TOO_FAR = "must be at most two years after the clock's current time";
export const TEST_CLOCK_BUSY = 'The test clock is still moving; reload the page in a moment.';
const TEST_CLOCK_MAX_MONTHS = 24;
const TEST_CLOCK_WAIT_MS = 60_000;

export type BillingAccount = BillingAccountRow;
/** An account with its Stripe customer: one that can pay. */
export type PayingAccount = BillingAccount & { stripeCustomerId: string };

/** The card a payment is charged to; `becomesDefault`: the chosen card is not the default yet. */
export interface CardToCharge {
  id: string;
  becomesDefault: boolean;
}

/**
 * A provider's billing account and its Stripe customer, created once (under an idempotency key, so two
 * saves racing make one customer), kept in step on every save; its cards live in Stripe.
 */
@Injectable()
export class BillingAccountsService {
  constructor(
    private readonly db: Database,
    private readonly accounts: BillingAccountsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly payments: Payments,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  find(providerId: string): Promise<BillingAccount | undefined> {
    return this.accounts.find(providerId);
  }

  /** The account as the billing form shows it; empty fields (and usd) before the first save. */
  async show(providerId: string): Promise<BillingAccountResponse> {
    const account = await this.find(providerId);
    return {
      name: account?.name ?? '',
      email: account?.email ?? '',
      address: account?.address ?? '',
      country: account?.country ?? '',
      currency: account?.currency ?? DEFAULT_CURRENCY,
      complete: Boolean(account),
    };
  }

  /** The account with its Stripe customer, or 422 asking for the billing information. */
  async require(providerId: string): Promise<PayingAccount> {
    const account = await this.find(providerId);
    if (!account?.stripeCustomerId) throw ApiError.base(422, BILLING_INFO_FIRST);
    return account as PayingAccount;
  }

  /**
   * Saves the billing form; the currency is locked while a paid plan runs (it is what the plan is billed in). An
   * administrator's save (`adminId`) is recorded in the audit trail with the fields it changed, in its transaction.
   */
  async save(
    providerId: string,
    form: BillingAccountForm,
    adminId?: string,
  ): Promise<BillingAccountResponse> {
    const hasPaidPlan = inGoodStanding(await this.subscriptions.find(providerId));
    const existing = await this.find(providerId);
    const currency = form.currency ?? existing?.currency ?? DEFAULT_CURRENCY;
    if (existing && currency !== existing.currency && hasPaidPlan)
      throw ApiError.invalid('currency', CURRENCY_LOCKED);
    const country = form.country.toUpperCase();
    const details = {
      name: form.name,
      email: form.email,
      address: { line1: form.address, country },
      metadata: { provider_id: providerId },
    };
    let customerId = existing?.stripeCustomerId ?? null;
    let testClockId = existing?.testClockId ?? null;
    if (customerId) {
      await stripeCall(() => this.payments.updateCustomer(customerId as string, details));
    } else {
      if (this.config.STRIPE_TEST_CLOCKS) {
        const clock = await stripeCall(() =>
          this.payments.createTestClock(
            { frozen_time: Math.floor(Date.now() / 1000), name: `provider ${providerId}` },
            `test-clock:${providerId}`,
          ),
        );
        testClockId = clock.id;
      }
      const customer = await stripeCall(() =>
        this.payments.createCustomer(
          { ...details, ...(testClockId && { test_clock: testClockId }) },
          `customer:${providerId}`,
        ),
      );
      customerId = customer.id;
    }
    await this.db.transaction(async (tx) => {
      await this.accounts.lock(tx, providerId);
      const before = adminId ? await this.accounts.find(providerId, tx) : undefined;
      await this.accounts.save(tx, {
        providerId,
        name: form.name,
        email: form.email,
        address: form.address,
        country,
        currency,
        stripeCustomerId: customerId,
        testClockId,
      });
      if (adminId) {
        await recordChangedFields(
          this.events,
          tx,
          { providerId, adminId, action: 'billing_account.updated' },
          formOf(before),
          formOf(await this.accounts.find(providerId, tx)),
        );
      }
    });
    return this.show(providerId);
  }

  /**
   * Sets the negotiated discount inside `tx` (the caller's transaction, which also tells Stripe), under the
   * provider's lock; 422 without a billing account. The administrator's change is recorded when it changes the
   * percentage.
   */
  async setDiscount(
    tx: EntityManager,
    providerId: string,
    discountPercent: number,
    adminId: string,
  ): Promise<void> {
    await this.accounts.lock(tx, providerId);
    const before = await this.accounts.find(providerId, tx);
    if (!before || !(await this.accounts.setDiscount(tx, providerId, discountPercent)))
      throw ApiError.base(422, BILLING_INFO_FIRST);
    await recordChangedFields(
      this.events,
      tx,
      { providerId, adminId, action: 'pricing.set' },
      { discountPercent: before.discountPercent },
      { discountPercent },
    );
  }

  /**
   * The platform's share of the provider's hosting-fee payments (0 to 50 percent; null: none), set by an
   * administrator: new hosting-fee subscriptions carry it. 422 without a billing account.
   */
  async setHostingFee(providerId: string, percent: number | null, adminId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.accounts.lock(tx, providerId);
      const before = await this.accounts.hostingFee(providerId, tx);
      if (!(await this.accounts.setHostingFee(tx, providerId, percent))) {
        throw ApiError.base(422, BILLING_INFO_FIRST);
      }
      await recordChangedFields(
        this.events,
        tx,
        { providerId, adminId, action: 'billing_account.updated' },
        { hostingApplicationFeePercent: before },
        { hostingApplicationFeePercent: percent },
      );
    });
  }

  async cards(providerId: string): Promise<CardResponse[]> {
    const account = await this.find(providerId);
    if (!account?.stripeCustomerId) return [];
    const customerId = account.stripeCustomerId;
    const [customer, methods] = await Promise.all([
      stripeCall(() => this.payments.customer(customerId)),
      stripeCall(() => this.payments.cards(customerId)),
    ]);
    const defaultId = defaultPaymentMethodOf(customer);
    return methods.map((method) => cardOf(method, defaultId));
  }

  /** A card of this provider's customer, or 404: another provider's card id names nothing here. */
  async ownCard(providerId: string, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
    const account = await this.require(providerId);
    let method: Stripe.PaymentMethod;
    try {
      method = await this.payments.paymentMethod(paymentMethodId);
    } catch (error) {
      if (isMissing(error)) throw ApiError.notFound(CARD_NOT_FOUND);
      throw asApiError(error);
    }
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner !== account.stripeCustomerId) throw ApiError.notFound(CARD_NOT_FOUND);
    return method;
  }

  /**
   * The card a payment is charged to: the one chosen, else the customer's default (422 `Required` on `field`
   * when there is neither). `becomesDefault`: the chosen card is not the default yet.
   */
  async cardToCharge(
    providerId: string,
    customerId: string,
    chosen: string | undefined,
    field: string,
  ): Promise<CardToCharge> {
    const customer = await stripeCall(() => this.payments.customer(customerId));
    const current = defaultPaymentMethodOf(customer);
    if (chosen) {
      const card = await this.ownCard(providerId, chosen);
      return { id: card.id, becomesDefault: card.id !== current };
    }
    if (!current) throw ApiError.invalid(field, MESSAGES.required);
    return { id: current, becomesDefault: false };
  }

  /** Makes a card the customer's default once its payment went through: the default is what renewals charge. */
  async makeDefaultCard(customerId: string, card: CardToCharge | undefined): Promise<void> {
    if (!card?.becomesDefault) return;
    await stripeCall(() => this.payments.setDefaultCard(customerId, card.id));
  }

  async removeCard(providerId: string, paymentMethodId: string): Promise<RemovedCardResponse> {
    await this.ownCard(providerId, paymentMethodId);
    await stripeCall(() => this.payments.detachPaymentMethod(paymentMethodId));
    return { id: paymentMethodId };
  }

  /** The card charged from now on: the customer's default, and the running subscriptions'. */
  async setDefaultCard(providerId: string, paymentMethodId: string): Promise<CardResponse[]> {
    const account = await this.require(providerId);
    await this.ownCard(providerId, paymentMethodId);
    await stripeCall(() => this.payments.setDefaultCard(account.stripeCustomerId, paymentMethodId));
    // The plan's subscription and the premium tours paid separately: every renewal charges the default card.
    for (const id of await this.accounts.runningStripeSubscriptions(providerId)) {
      await stripeCall(() =>
        this.payments.updateSubscription(id, { default_payment_method: paymentMethodId }),
      );
    }
    return this.cards(providerId);
  }

  /** Starts saving a card: the page confirms the returned secret with Stripe.js. */
  async createSetupIntent(providerId: string): Promise<SetupIntentResponse> {
    const account = await this.require(providerId);
    const intent = await stripeCall(() =>
      this.payments.createSetupIntent({
        customer: account.stripeCustomerId,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
        metadata: { provider_id: providerId },
      }),
    );
    return {
      id: intent.id,
      clientSecret: intent.client_secret,
      publishableKey: this.config.STRIPE_PUBLISHABLE_KEY,
    };
  }

  async testClock(providerId: string): Promise<TestClockStateResponse> {
    if (!this.config.STRIPE_TEST_CLOCKS) throw ApiError.notFound(TEST_CLOCKS_OFF);
    const account = await this.find(providerId);
    if (!account?.testClockId) return { testClock: null };
    try {
      return { testClock: clockOf(await this.payments.testClock(account.testClockId)) };
    } catch (error) {
      // Stripe deletes a test clock (and its customers) 30 days after its creation.
      if (isMissing(error)) return { testClock: null };
      throw asApiError(error);
    }
  }

  async advanceTestClock(
    providerId: string,
    testClockId: string,
    time: string,
  ): Promise<TestClockStateResponse> {
    if (!this.config.STRIPE_TEST_CLOCKS) throw ApiError.notFound(TEST_CLOCKS_OFF);
    const account = await this.find(providerId);
    if (!account?.testClockId || account.testClockId !== testClockId)
      throw ApiError.notFound('Test clock not found');
    const frozenTime = Math.floor(new Date(time).getTime() / 1000);
    let clock: Stripe.TestHelpers.TestClock = await stripeCall(() => this.payments.testClock(testClockId));
    if (frozenTime <= clock.frozen_time) {
      throw ApiError.invalid('time', "must be later than the clock's current time");
    }
    if (frozenTime > addMonths(clock.frozen_time, TEST_CLOCK_MAX_MONTHS)) {
      throw ApiError.invalid('time', TEST_CLOCK_TOO_FAR);
    }
    // Stripe refuses to move a clock more than two intervals of its shortest subscription at once, and one
    // advance must finish before the next: the clock goes one interval at a time, waiting for each.
    while (clock.frozen_time < frozenTime) {
      const stop = Math.min(frozenTime, await this.nextClockStop(testClockId, clock.frozen_time));
      await stripeCall(() => this.payments.advanceTestClock(testClockId, stop));
      clock = await this.clockWhenReady(testClockId);
    }
    return { testClock: clockOf(clock) };
  }

  /** Where one advance may go: one interval of the shortest subscription running on the clock, else a year. */
  private async nextClockStop(testClockId: string, from: number): Promise<number> {
    const subscriptions = await stripeCall(() =>
      this.payments.subscriptions({ test_clock: testClockId, status: 'all', limit: 100 }),
    );
    const running: Recurring[] = [];
    for (const subscription of subscriptions) {
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
      const recurring = subscription.items.data[0]?.price.recurring;
      if (recurring) running.push({ interval: recurring.interval, intervalCount: recurring.interval_count });
    }
    return nextClockStop(from, running);
  }

  /** Waits until an advance is done (Stripe answers `advancing` and works on its own). */
  private async clockWhenReady(testClockId: string): Promise<Stripe.TestHelpers.TestClock> {
    const deadline = Date.now() + TEST_CLOCK_WAIT_MS;
    for (;;) {
      const clock = await stripeCall(() => this.payments.testClock(testClockId));
      if (clock.status === 'ready') return clock;
      if (clock.status === 'internal_failure') throw ApiError.base(502, MESSAGES.somethingWentWrong);
      if (Date.now() > deadline) throw ApiError.unavailable(TEST_CLOCK_BUSY);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The billing form's fields of an account, in the API's words; null when there is no account. */
function formOf(account: BillingAccount | undefined): Record<string, unknown> | null {
  if (!account) return null;
  const { name, email, address, country, currency } = account;
  return { name, email, address, country, currency };
}
