import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { type Interval, type ProductCode } from '@tourly/contracts';
import { ApiError, CONFIG, Database, EventBus } from '@tourly/platform';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import {
  BILLING_INFO_FIRST,
  BillingAccountsService,
  type BillingAccount,
  type PayingAccount,
} from '../accounts/billing-accounts.service';
import type { SubscriptionRow } from '../accounts/subscriptions.repository';
import { recordChangedFields } from '../admin/admin-changes';
import { CatalogueService } from '../catalogue/catalogue.service';
import { amountOf } from '../catalogue/catalogue.rules';
import type { BillingConfig } from '../config';
import { asApiError, isMissing, stripeCall } from '../payments/stripe-errors';
import { paymentOutcome } from '../payments/payment-outcome';
import { Payments } from '../payments/payments.port';
import { idOf } from '../payments/stripe-values';
import { PlanChangeReview } from './plan-change-review';
import { SubscriptionProjection, type AfterRefresh } from './subscription-projection';
import type {
  PlanChangeResponse,
  PlanSelection,
  PreviewResponse,
  SubscriptionResponse,
} from './subscriptions.dto';
import {
  changeOf,
  checkTrial,
  discountLines,
  ENDED,
  FIELD,
  planLabel,
  requirePlan,
  stateOf,
  mayWithdraw,
  summary,
} from './subscriptions.rules';

export const ALREADY_ON_PLAN = 'You are already on this plan.';
export const NOTHING_SCHEDULED = 'There is no scheduled plan change to cancel.';
export const COUPONS_OFF = 'Coupons are not available right now.';
export const COUPON_INVALID = 'This coupon code is not valid; check it and try again.';
export { TRIAL_PRO_ONLY, TRIAL_USED } from './subscriptions.rules';
export const LEGACY_ALREADY_CHOSEN = 'A plan has been chosen already; change it from the subscription page.';

export type ChangeResult = PlanChangeResponse;
export type SubscriptionState = SubscriptionResponse;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The service plan subscription (000 §3-§4): upgrades take effect now and charge the prorated difference;
 * downgrades wait for the end of the period as a Stripe subscription schedule; the free plan is reached by
 * cancelling at the period end. Paid access follows Stripe's state (a first invoice that is not paid leaves the
 * subscription `incomplete`), refreshed into the projection after every change and every webhook.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly db: Database,
    private readonly payments: Payments,
    @Inject(CONFIG) private readonly config: BillingConfig,
    private readonly accounts: BillingAccountsService,
    private readonly accountRows: BillingAccountsRepository,
    private readonly catalogue: CatalogueService,
    private readonly projection: SubscriptionProjection,
    private readonly review: PlanChangeReview,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async current(providerId: string): Promise<SubscriptionState> {
    return stateOf(await this.projection.find(providerId));
  }

  /**
   * A plan change. An administrator's (`adminId`) is recorded in the audit trail with the plan before (as the
   * change found it, under the provider's lock) and after (the projection the change's refresh writes, in that
   * refresh's transaction); a change that leaves the plan as it was (an upgrade waiting for 3-D Secure) records
   * nothing.
   */
  async change(providerId: string, selection: PlanSelection, adminId?: string): Promise<ChangeResult> {
    const productCode = requirePlan(selection);
    const account = await this.accounts.require(providerId);
    let before: SubscriptionRow | undefined;
    const { subscriptionId, clientSecret } = await this.db.transaction(async (tx) => {
      // One plan change per provider at a time: a double click finds the first one done.
      await this.accountRows.lock(tx, providerId);
      const current = await this.projection.find(providerId);
      before = current;
      const change = changeOf(current, productCode, selection);
      const priceId =
        productCode === 'free_tier_plan'
          ? null
          : await this.catalogue.priceId(productCode, selection.interval, account.currency);
      switch (change) {
        case 'same':
          if (current?.scheduleId || current?.cancelAtPeriodEnd) {
            await this.undoScheduledChange(current);
            return { subscriptionId: current.stripeSubscriptionId, clientSecret: null };
          }
          throw ApiError.base(422, ALREADY_ON_PLAN);
        case 'to_free':
          return { subscriptionId: await this.cancelAtPeriodEnd(current!), clientSecret: null };
        case 'scheduled':
          return {
            subscriptionId: await this.schedule(current!, priceId!, selection.interval),
            clientSecret: null,
          };
        case 'upgrade':
          return this.upgrade(account, current!, priceId!, selection);
        case 'new':
          return this.subscribe(account, current, priceId!, productCode, selection);
      }
    });
    const audit: AfterRefresh | undefined =
      adminId === undefined
        ? undefined
        : async (tx, row) => {
            await recordChangedFields(
              this.events,
              tx,
              { providerId, adminId, action: 'service_plan_subscription.changed' },
              planOf(before),
              planOf(row),
            );
          };
    const subscription = stateOf(await this.projection.refresh(subscriptionId, providerId, audit));
    return clientSecret
      ? { result: 'requires_action', clientSecret, subscription }
      : { result: 'success', subscription };
  }

  /** 002 `legacy_setup`: a provider without a subscription picks its plan (the free one needs no card). */
  async legacySetup(providerId: string, selection: PlanSelection): Promise<ChangeResult> {
    if (await this.projection.find(providerId)) throw ApiError.conflict(LEGACY_ALREADY_CHOSEN);
    if (requirePlan(selection) === 'free_tier_plan')
      return { result: 'success', subscription: stateOf(undefined) };
    return this.change(providerId, selection);
  }

  async cancelScheduledChange(providerId: string): Promise<SubscriptionState> {
    const current = await this.projection.find(providerId);
    if (!current || (!current.scheduleId && !current.cancelAtPeriodEnd)) {
      throw ApiError.base(422, NOTHING_SCHEDULED);
    }
    await this.undoScheduledChange(current);
    return stateOf(await this.projection.refresh(current.stripeSubscriptionId, providerId));
  }

  /** The order summary of a plan change (000 §3 "plan change preview"), from Stripe's invoice preview. */
  async preview(providerId: string, selection: PlanSelection): Promise<PreviewResponse> {
    const productCode = requirePlan(selection);
    // A card named for the change must be this provider's, as the change itself requires (404 otherwise):
    // the preview never answers for another provider's card.
    if (selection.paymentMethodId) await this.accounts.ownCard(providerId, selection.paymentMethodId);
    const account = await this.accounts.find(providerId);
    const current = await this.projection.find(providerId);
    const change = changeOf(current, productCode, selection);
    const currency = account?.currency ?? 'usd';
    const startsAt =
      change === 'scheduled' || change === 'to_free' ? iso(current?.currentPeriodEnd ?? null) : null;
    // A lower plan (or the free one) stops what it does not include, on the day it takes effect: the review lists it.
    const withdrawals = mayWithdraw(change) ? await this.review.of(providerId, productCode, startsAt) : null;
    if (change === 'same' || change === 'to_free' || productCode === 'free_tier_plan') {
      return summary(currency, [], 0, 0, startsAt, withdrawals);
    }
    const label = planLabel(productCode, selection.interval);
    if (selection.trial && change === 'new') {
      // Nothing is charged today: the plan's price, and the trial that covers it until the trial ends.
      checkTrial(productCode, current);
      const amount = amountOf(productCode, selection.interval, currency);
      const free = `${this.config.TRIAL_DAYS}-day free trial`;
      return summary(
        currency,
        [
          { type: 'item', label, amountInCents: amount },
          { type: 'discount', label: free, amountInCents: -amount },
        ],
        amount,
        0,
        null,
      );
    }
    if (!account?.stripeCustomerId) {
      if (selection.coupon) throw ApiError.base(422, BILLING_INFO_FIRST);
      const amount = amountOf(productCode, selection.interval, currency);
      return summary(
        currency,
        [{ type: 'item', label, amountInCents: amount }],
        amount,
        amount,
        startsAt,
        withdrawals,
      );
    }
    const priceId = await this.catalogue.priceId(productCode, selection.interval, currency);
    const discounts = await this.discountsFor(account, selection.coupon);
    const itemId =
      change === 'upgrade'
        ? (await stripeCall(() => this.payments.subscription(current!.stripeSubscriptionId))).items.data[0]!
            .id
        : undefined;
    const invoice = await stripeCall(() =>
      this.payments.previewInvoice({
        customer: account.stripeCustomerId as string,
        ...(change === 'upgrade'
          ? {
              subscription: current!.stripeSubscriptionId,
              subscription_details: {
                items: [{ id: itemId, price: priceId }],
                // Prorated to now by the subscription's own clock (a test clock's, perhaps).
                proration_behavior: 'always_invoice',
              },
            }
          : { subscription_details: { items: [{ price: priceId }] } }),
        ...(discounts && { discounts }),
      }),
    );
    const items = invoice.lines.data.map((line) => ({
      type: 'item' as const,
      label: line.description ?? label,
      amountInCents: line.amount,
    }));
    const discountItems = discountLines(
      (invoice.total_discount_amounts ?? []).map((discount) => discount.amount),
      account.discountPercent,
      selection.coupon,
    );
    return summary(
      currency,
      [...items, ...discountItems],
      invoice.subtotal,
      invoice.total,
      startsAt,
      withdrawals,
    );
  }

  private async subscribe(
    account: PayingAccount,
    current: SubscriptionRow | undefined,
    priceId: string,
    productCode: ProductCode,
    selection: PlanSelection,
  ) {
    const { providerId, stripeCustomerId: customerId } = account;
    if (selection.trial) checkTrial(productCode, current);
    const card = await this.accounts.cardToCharge(
      providerId,
      customerId,
      selection.paymentMethodId,
      `${FIELD}.paymentMethodId`,
    );
    const discounts = await this.discountsFor(account, selection.coupon);
    const subscription = await stripeCall(() =>
      this.payments.createSubscription(
        {
          customer: customerId,
          items: [{ price: priceId, quantity: 1 }],
          default_payment_method: card.id,
          payment_behavior: 'allow_incomplete',
          ...(selection.trial && { trial_period_days: this.config.TRIAL_DAYS }),
          ...(discounts && { discounts }),
          metadata: { provider_id: providerId },
          expand: ['latest_invoice.confirmation_secret'],
        },
        `subscribe:${providerId}:${current?.stripeSubscriptionId ?? 'first'}:${priceId}:${card.id}`,
      ),
    );
    const clientSecret = await paymentOutcome(this.payments, subscription, async () => {
      await this.payments.cancelSubscription(subscription.id);
    });
    await this.accounts.makeDefaultCard(customerId, card);
    return { subscriptionId: subscription.id, clientSecret };
  }

  private async upgrade(
    account: PayingAccount,
    current: SubscriptionRow,
    priceId: string,
    selection: PlanSelection,
  ) {
    const { providerId, stripeCustomerId: customerId } = account;
    await this.undoScheduledChange(current);
    const subscriptionId = current.stripeSubscriptionId;
    const existing = await stripeCall(() =>
      this.payments.subscription(subscriptionId, { expand: ['discounts'] }),
    );
    const card = selection.paymentMethodId
      ? await this.accounts.cardToCharge(
          providerId,
          customerId,
          selection.paymentMethodId,
          `${FIELD}.paymentMethodId`,
        )
      : undefined;
    // With `pending_if_incomplete` Stripe takes only the attributes a pending update can hold (items, prorations,
    // trial, billing anchor, discounts, metadata, cancel_at_period_end: its pending-updates reference and the
    // 2026-05-27 changelog), so the card to charge goes on the subscription first, in its own update, and is put
    // back when the payment is declined. The discounts ride in the pending update: they apply only once paid.
    const before = idOf(existing.default_payment_method);
    const restore = () => this.setSubscriptionCard(subscriptionId, card?.id ?? before, before);
    const discounts = await this.upgradeDiscounts(account, existing, selection.coupon);
    await this.setSubscriptionCard(subscriptionId, before, card?.id ?? before);
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripeCall(() =>
        this.payments.updateSubscription(subscriptionId, {
          items: [{ id: existing.items.data[0]!.id, price: priceId, quantity: 1 }],
          proration_behavior: 'always_invoice',
          // Stripe applies the new plan only once its invoice is paid: no paid access on an unpaid upgrade.
          payment_behavior: 'pending_if_incomplete',
          ...(discounts && { discounts }),
          expand: ['latest_invoice.confirmation_secret'],
        }),
      );
    } catch (error) {
      await restore();
      throw error;
    }
    const clientSecret = subscription.pending_update
      ? await paymentOutcome(this.payments, subscription, restore)
      : null;
    await this.accounts.makeDefaultCard(customerId, card);
    return { subscriptionId: subscription.id, clientSecret };
  }

  /**
   * The discounts an upgrade is invoiced with, when they change: the subscription's own (kept as they are, so a
   * repeating coupon keeps its end), the negotiated one if it is missing, and the coupon the person entered.
   */
  private async upgradeDiscounts(
    account: Pick<BillingAccount, 'discountPercent'>,
    existing: Stripe.Subscription,
    coupon: string | undefined,
  ): Promise<DiscountParam[] | undefined> {
    const kept = discountsOf(existing);
    const couponIds = kept.map((discount) => idOf(discount.source.coupon));
    const added: DiscountParam[] = [];
    if (account.discountPercent) {
      const negotiated = await this.negotiatedCoupon(account.discountPercent);
      if (!couponIds.includes(negotiated)) added.push({ coupon: negotiated });
    }
    added.push(...((await this.enteredDiscount(coupon)) ?? []));
    return added.length > 0 ? [...kept.map((discount) => ({ discount: discount.id })), ...added] : undefined;
  }

  /** The card a subscription charges, moved from `from` to `to` when they differ. */
  private async setSubscriptionCard(subscriptionId: string, from: string | null, to: string | null) {
    if (from === to) return;
    await stripeCall(() =>
      this.payments.updateSubscription(subscriptionId, { default_payment_method: to ?? '' }),
    );
  }

  /** A lower plan (or a paid change not charged now) starts when the current period ends. */
  private async schedule(current: SubscriptionRow, priceId: string, interval: Interval): Promise<string> {
    if (current.cancelAtPeriodEnd) {
      await stripeCall(() =>
        this.payments.updateSubscription(current.stripeSubscriptionId, { cancel_at_period_end: false }),
      );
    }
    const schedule = current.scheduleId
      ? await stripeCall(() => this.payments.schedule(current.scheduleId as string))
      : await stripeCall(() =>
          this.payments.createSchedule({ from_subscription: current.stripeSubscriptionId }),
        );
    // The phase running now (a schedule kept from an earlier change still lists its past phases first) runs the
    // subscription's own price. Each phase sets the subscription's discounts: both carry the ones it has now.
    const phase = schedule.current_phase ?? schedule.phases[0];
    const subscription = await stripeCall(() => this.payments.subscription(current.stripeSubscriptionId));
    const currentPrice = subscription.items.data[0]!.price.id;
    const discounts = subscription.discounts.map((discount) => ({ discount: idOf(discount)! }));
    await stripeCall(() =>
      this.payments.updateSchedule(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: [{ price: currentPrice, quantity: 1 }],
            discounts,
            start_date: phase!.start_date,
            end_date: phase!.end_date,
          },
          {
            items: [{ price: priceId, quantity: 1 }],
            discounts,
            duration: { interval, interval_count: 1 },
          },
        ],
      }),
    );
    return current.stripeSubscriptionId;
  }

  private async cancelAtPeriodEnd(current: SubscriptionRow): Promise<string> {
    if (current.scheduleId) {
      await stripeCall(() => this.payments.releaseSchedule(current.scheduleId as string));
    }
    await stripeCall(() =>
      this.payments.updateSubscription(current.stripeSubscriptionId, { cancel_at_period_end: true }),
    );
    return current.stripeSubscriptionId;
  }

  private async undoScheduledChange(current: SubscriptionRow): Promise<void> {
    if (current.scheduleId) {
      try {
        await this.payments.releaseSchedule(current.scheduleId);
      } catch (error) {
        // Released or completed meanwhile: nothing left to undo.
        if (
          !isMissing(error) &&
          !(error instanceof Error && /released|completed|canceled/i.test(error.message))
        ) {
          throw asApiError(error);
        }
      }
    }
    if (current.cancelAtPeriodEnd) {
      await stripeCall(() =>
        this.payments.updateSubscription(current.stripeSubscriptionId, { cancel_at_period_end: false }),
      );
    }
  }

  /** The negotiated discount (a forever coupon per percentage) and the coupon the person entered, if any. */
  private async discountsFor(account: Pick<BillingAccount, 'discountPercent'>, coupon: string | undefined) {
    const negotiated = account.discountPercent
      ? [{ coupon: await this.negotiatedCoupon(account.discountPercent) }]
      : [];
    const entered = await this.enteredDiscount(coupon);
    const discounts = [...negotiated, ...(entered ?? [])];
    return discounts.length > 0 ? discounts : undefined;
  }

  async negotiatedCoupon(percent: number): Promise<string> {
    const id = `negotiated_${percent}_percent`;
    try {
      return (await this.payments.coupon(id)).id;
    } catch (error) {
      if (!isMissing(error)) throw asApiError(error);
    }
    const created = await stripeCall(() =>
      this.payments.createCoupon(
        { id, percent_off: percent, duration: 'forever', name: `Negotiated ${percent}% discount` },
        `coupon:${id}`,
      ),
    );
    return created.id;
  }

  /**
   * The back office's discount on the provider's plan, from the next invoice on: stored, recorded in the audit trail
   * (when it changes) and put on the running subscription in one transaction, so a discount Stripe refused is
   * neither stored nor recorded.
   */
  async applyNegotiatedDiscount(
    providerId: string,
    percent: number,
    adminId: string,
  ): Promise<SubscriptionState> {
    await this.db.transaction(async (tx) => {
      await this.accounts.setDiscount(tx, providerId, percent, adminId);
      const current = await this.projection.find(providerId);
      if (current && !ENDED.includes(current.status)) {
        const discounts = percent > 0 ? [{ coupon: await this.negotiatedCoupon(percent) }] : [];
        await stripeCall(() =>
          this.payments.updateSubscription(current.stripeSubscriptionId, {
            discounts: discounts.length ? discounts : '',
          }),
        );
      }
    });
    return this.current(providerId);
  }

  private async enteredDiscount(coupon: string | undefined) {
    if (!coupon) return undefined;
    if (!this.config.SUBSCRIPTION_COUPONS) throw ApiError.invalid(`${FIELD}.coupon`, COUPONS_OFF);
    const promotions = await stripeCall(() => this.payments.activePromotionCodes(coupon));
    const promotion = promotions[0];
    if (promotion) return [{ promotion_code: promotion.id }];
    try {
      const found = await this.payments.coupon(coupon);
      if (found.valid) return [{ coupon: found.id }];
    } catch (error) {
      if (!isMissing(error)) throw asApiError(error);
    }
    throw ApiError.invalid(`${FIELD}.coupon`, COUPON_INVALID);
  }
}

type DiscountParam = Stripe.SubscriptionUpdateParams.Discount;

/**
 * The plan of a subscription as the audit trail records it, in the API's words (`GET .../service_plan_subscription`):
 * the free plan without a subscription (or after one ended).
 */
function planOf(row: SubscriptionRow | undefined): Record<string, unknown> {
  const state = stateOf(row);
  return {
    productCode: state.productCode,
    interval: state.interval,
    status: state.status,
    trialEnd: state.trialEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    nextProduct: state.nextProduct && {
      productCode: state.nextProduct.productCode,
      interval: state.nextProduct.interval,
      startsAt: state.nextProduct.startsAt,
    },
  };
}

/** The subscription's discounts (retrieved with `expand: ['discounts']`). */
function discountsOf(subscription: Stripe.Subscription): Stripe.Discount[] {
  return subscription.discounts.filter(
    (discount): discount is Stripe.Discount => typeof discount === 'object',
  );
}
