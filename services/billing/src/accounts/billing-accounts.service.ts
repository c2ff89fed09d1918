import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DEFAULT_CURRENCY, MESSAGES } from '@tourly/contracts';
import { ApiError, CONFIG, Database, EventBus } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { recordChangedFields } from '../admin/admin-changes';
import type { BillingConfig } from '../config';
import { asApiError, isMissing, stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import { TestClocks } from '../payments/test-clocks';
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
import { cardOf, defaultPaymentMethodOf } from './billing-accounts.rules';
import { SubscriptionsRepository } from './subscriptions.repository';

export const BILLING_INFO_FIRST = 'Save your billing information first: name, email, address and country.';
export const CARD_NOT_FOUND = 'Card not found';
export const CURRENCY_LOCKED =
  'cannot change while you have a paid plan; it is the currency the plan is billed in';

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
    private readonly testClocks: TestClocks,
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
      testClockId = await this.testClocks.forNewCustomer(
        `provider ${providerId}`,
        `test-clock:${providerId}`,
      );
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
    return this.testClocks.read((await this.find(providerId))?.testClockId ?? null);
  }

  async advanceTestClock(
    providerId: string,
    testClockId: string,
    time: string,
  ): Promise<TestClockStateResponse> {
    const ownClockId = (await this.find(providerId))?.testClockId ?? null;
    return this.testClocks.advance(ownClockId, testClockId, time);
  }
}

/** The billing form's fields of an account, in the API's words; null when there is no account. */
function formOf(account: BillingAccount | undefined): Record<string, unknown> | null {
  if (!account) return null;
  const { name, email, address, country, currency } = account;
  return { name, email, address, country, currency };
}
