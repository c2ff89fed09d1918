import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  CREDITS_PURCHASE_KIND,
  CURRENCIES,
  DEFAULT_CURRENCY,
  MAX_CREDITS_PER_PURCHASE,
  type Currency,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  isUuid,
  uuidv7,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import type { BillingConfig } from '../config';
import { asApiError, isMissing, refusedWith, stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import {
  CreditPurchasesRepository,
  type PurchaseRow,
  type WaitingDiscountRow,
} from './credit-purchases.repository';
import type {
  CreditPurchaseResponse,
  CreditsPriceResponse,
  PurchaseCreditsForm,
  PurchaseIntentResponse,
  PurchaseSuccessResponse,
} from './credits.dto';
import { belowMinimumCharge, creditsPrice } from './credits.rules';
import { balanceOf, CreditsService, SYSTEM_ACTOR } from './credits.service';
import { CreditsRepository } from './credits.repository';

export const PURCHASE_NOT_FOUND = 'Payment not found';
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;
export const PURCHASE_NOT_PAID = 'This payment has not been made yet; confirm it with a card first.';
export const PURCHASE_CANCELLED = 'This payment was cancelled; start a new purchase.';

/**
 * Buying credits: a Stripe payment intent for the price of the quantity (the bundle saving applied, then the
 * provider's waiting voucher discount, which the intent claims), its metadata naming the provider and the quantity.
 * The credits are granted once, when Stripe says the intent succeeded, whichever comes first: the page's success call
 * or the `payment_intent.succeeded` webhook. Both read the intent from Stripe and grant through one ledger row keyed
 * by the intent's id (unique per provider), under the provider's balance lock, so the second finds it written; the
 * same transaction marks the voucher discount it claimed used and announces the purchase
 * (`billing.credits.purchased.v1`, beside the grant's `billing.credits.changed.v1`).
 */
@Injectable()
export class CreditPurchasesService {
  constructor(
    private readonly db: Database,
    private readonly purchases: CreditPurchasesRepository,
    private readonly ledger: CreditsRepository,
    private readonly credits: CreditsService,
    private readonly accounts: BillingAccountsService,
    private readonly payments: Payments,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: BillingConfig,
  ) {}

  /** The price in the billing account's currency (usd without an account), the waiting voucher discount applied. */
  async price(providerId: string, creditsQty: number): Promise<CreditsPriceResponse> {
    const currency = (await this.accounts.find(providerId))?.currency ?? DEFAULT_CURRENCY;
    return priceOf(creditsQty, currency, await this.purchases.waitingDiscount(providerId));
  }

  async list(providerId: string, query: PageQuery): Promise<Page<CreditPurchaseResponse>> {
    const page = await this.purchases.list(providerId, query);
    return { ...page, items: page.items.map(purchaseOf) };
  }

  /**
   * A payment intent for the credits. With a saved card it is confirmed now (3-D Secure: `requires_action` with
   * the client secret; declined: 402 in the issuer's words); without, the page confirms it with Stripe.js. The
   * provider's waiting voucher discount applies and is claimed by this intent (an earlier intent that claimed it and
   * was never paid is cancelled at Stripe first), under the discount's row lock. A total below Stripe's minimum
   * charge is refused (422 `credits_qty`) before anything changes.
   */
  async start(
    providerId: string,
    userId: string | null,
    form: PurchaseCreditsForm,
  ): Promise<PurchaseIntentResponse> {
    const account = await this.accounts.require(providerId);
    const card = form.paymentMethodId
      ? await this.accounts.ownCard(providerId, form.paymentMethodId)
      : undefined;
    const { intent, price } = await this.db.transaction(async (tx) => {
      let discount = await this.claimableDiscount(tx, providerId);
      let price = priceOf(form.creditsQty, account.currency, discount);
      refuseBelowMinimum(price);
      if (discount?.paymentIntentId && !(await this.cancelClaim(tx, discount.paymentIntentId))) {
        discount = undefined;
        price = priceOf(form.creditsQty, account.currency, undefined);
        refuseBelowMinimum(price);
      }
      const intent = await stripeCall(() =>
        this.payments.createPaymentIntent(
          {
            amount: price.totalInCents,
            currency: price.currency,
            customer: account.stripeCustomerId,
            allowed_payment_method_types: ['card'],
            description: `${price.creditsQty} credits`,
            metadata: {
              kind: CREDITS_PURCHASE_KIND,
              provider_id: providerId,
              credits_qty: String(price.creditsQty),
              ...(discount && {
                voucher_code: discount.code,
                voucher_discount_percent: String(discount.discountPercent),
              }),
            },
            ...(card && { payment_method: card.id, confirm: true }),
          },
          `credits-purchase:${uuidv7()}`,
        ),
      );
      await this.purchases.insert(
        {
          paymentIntentId: intent.id,
          providerId,
          createdBy: userId,
          creditsQty: price.creditsQty,
          bundle: price.bundle,
          unitPriceInCents: price.unitPriceInCents,
          discountPercent: price.discountPercent,
          voucherCode: discount?.code ?? null,
          voucherDiscountPercent: discount?.discountPercent ?? null,
          amountInCents: price.totalInCents,
          currency: price.currency,
          status: intent.status,
        },
        tx,
      );
      if (discount) await this.purchases.claimDiscount(tx, discount, intent.id);
      return { intent, price };
    });
    if (intent.status === 'succeeded') await this.settle(intent);
    return {
      ...price,
      id: intent.id,
      clientSecret: intent.client_secret ?? '',
      publishableKey: this.config.STRIPE_PUBLISHABLE_KEY,
      result:
        intent.status === 'succeeded'
          ? 'success'
          : intent.status === 'requires_action' || intent.status === 'requires_confirmation'
            ? 'requires_action'
            : 'requires_payment_method',
    };
  }

  /**
   * The page says the payment went through: granted (once) if Stripe says the intent succeeded. An intent that is
   * not this provider's credits purchase is not found, whoever else's it is.
   */
  async confirm(providerId: string, paymentIntentId: string): Promise<PurchaseSuccessResponse> {
    const intent = await this.intent(paymentIntentId);
    if (!intent || !isCreditsPurchase(intent) || intent.metadata.provider_id !== providerId) {
      throw ApiError.notFound(PURCHASE_NOT_FOUND);
    }
    const purchase = await this.settle(intent);
    const answer = async (result: PurchaseSuccessResponse['result'], clientSecret: string | null = null) => ({
      result,
      creditsQty: purchase.creditsQty,
      clientSecret,
      balance: balanceOf(await this.ledger.balance(providerId)),
    });
    switch (intent.status) {
      case 'succeeded':
        return answer('success');
      case 'processing':
        return answer('processing');
      case 'requires_action':
      case 'requires_confirmation':
        return answer('requires_action', intent.client_secret);
      case 'canceled':
        throw ApiError.base(422, PURCHASE_CANCELLED);
      default:
        if (intent.last_payment_error?.message) throw ApiError.base(402, intent.last_payment_error.message);
        throw ApiError.base(422, PURCHASE_NOT_PAID);
    }
  }

  /**
   * The provider's waiting voucher discount (locked), if a new purchase can have it: not while an earlier intent that
   * claimed it is being paid (`processing`); an earlier one that succeeded used it (no discount now).
   */
  private async claimableDiscount(
    tx: EntityManager,
    providerId: string,
  ): Promise<WaitingDiscountRow | undefined> {
    const waiting = await this.purchases.lockWaitingDiscount(tx, providerId);
    if (!waiting?.paymentIntentId) return waiting;
    const earlier = await this.intent(waiting.paymentIntentId);
    if (earlier?.status === 'processing') return undefined;
    if (earlier?.status === 'succeeded') {
      await this.purchases.discountUsed(tx, earlier.id);
      return undefined;
    }
    // Gone or cancelled: nothing left to cancel.
    if (!earlier || earlier.status === 'canceled') return { ...waiting, paymentIntentId: null };
    return waiting;
  }

  /**
   * Cancels at Stripe the earlier, unpaid intent that claimed the discount, so one discount pays for one purchase.
   * False: it was paid meanwhile, and used the discount.
   */
  private async cancelClaim(tx: EntityManager, paymentIntentId: string): Promise<boolean> {
    let status: Stripe.PaymentIntent.Status | undefined;
    try {
      status = (await this.payments.cancelPaymentIntent(paymentIntentId)).status;
    } catch (error) {
      const unexpectedState = refusedWith(error, 'payment_intent_unexpected_state');
      if (!unexpectedState) throw asApiError(error);
      status = (await this.intent(paymentIntentId))?.status;
      if (status !== 'succeeded' && status !== 'canceled') throw asApiError(error);
    }
    if (status === 'succeeded') {
      await this.purchases.discountUsed(tx, paymentIntentId);
      return false;
    }
    await this.purchases.setStatus(tx, paymentIntentId, status, false);
    return true;
  }

  /** A webhook said a credits payment intent changed: Stripe's current state of it is recorded (and granted). */
  async refresh(paymentIntentId: string): Promise<void> {
    const intent = await this.intent(paymentIntentId);
    if (intent && isCreditsPurchase(intent)) await this.settle(intent);
  }

  /** Records the intent's status; a succeeded one grants its credits, once, and uses the voucher discount it had. */
  private async settle(intent: Stripe.PaymentIntent): Promise<PurchaseRow> {
    const purchase = (await this.purchases.find(intent.id)) ?? (await this.recordFromStripe(intent));
    const succeeded = intent.status === 'succeeded';
    await this.db.transaction(async (tx) => {
      if (succeeded) {
        const granted = await this.credits.grant(tx, {
          providerId: purchase.providerId,
          kind: 'purchase',
          category: 'customer_purchase',
          amount: purchase.creditsQty,
          actor: purchase.createdBy ?? SYSTEM_ACTOR,
          reference: intent.id,
          note: null,
        });
        if (granted) {
          await this.events.publish(
            'billing.credits.purchased.v1',
            { providerId: purchase.providerId, paymentIntentId: intent.id, credits: purchase.creditsQty },
            tx,
          );
        }
        await this.purchases.discountUsed(tx, intent.id);
      }
      await this.purchases.setStatus(tx, intent.id, intent.status, succeeded);
    });
    return purchase;
  }

  /**
   * A credits intent billing has no row for (the row's insert failed after Stripe made the intent): its metadata
   * and amount say what was bought.
   */
  private async recordFromStripe(intent: Stripe.PaymentIntent): Promise<PurchaseRow> {
    const providerId = intent.metadata.provider_id!;
    const creditsQty = Number(intent.metadata.credits_qty);
    const currency = (CURRENCIES as readonly string[]).includes(intent.currency)
      ? (intent.currency as Currency)
      : DEFAULT_CURRENCY;
    const voucherPercent = Number(intent.metadata.voucher_discount_percent);
    const voucher =
      intent.metadata.voucher_code &&
      Number.isInteger(voucherPercent) &&
      voucherPercent >= 1 &&
      voucherPercent <= 100
        ? { code: intent.metadata.voucher_code, discountPercent: voucherPercent }
        : undefined;
    const price = creditsPrice(creditsQty, currency);
    await this.purchases.insert({
      paymentIntentId: intent.id,
      providerId,
      createdBy: null,
      creditsQty,
      bundle: price.bundle,
      unitPriceInCents: price.unitPriceInCents,
      discountPercent: price.discountPercent,
      voucherCode: voucher?.code ?? null,
      voucherDiscountPercent: voucher?.discountPercent ?? null,
      amountInCents: intent.amount,
      currency,
      status: intent.status,
    });
    return (await this.purchases.find(intent.id))!;
  }

  /** Stripe's payment intent of that id; undefined for an id that names none (or is no intent id at all). */
  private async intent(paymentIntentId: string): Promise<Stripe.PaymentIntent | undefined> {
    if (!PAYMENT_INTENT_ID.test(paymentIntentId)) return undefined;
    try {
      return await this.payments.paymentIntent(paymentIntentId);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw asApiError(error);
    }
  }
}

/** An intent billing made for credits: its metadata names the kind, a provider and a quantity. */
function isCreditsPurchase(intent: Stripe.PaymentIntent): boolean {
  const metadata = intent.metadata ?? {};
  const creditsQty = Number(metadata.credits_qty);
  return (
    metadata.kind === CREDITS_PURCHASE_KIND &&
    isUuid(metadata.provider_id) &&
    Number.isInteger(creditsQty) &&
    creditsQty > 0 &&
    creditsQty <= MAX_CREDITS_PER_PURCHASE
  );
}

/** The price of the quantity, with the voucher discount when one applies. */
function priceOf(
  creditsQty: number,
  currency: Currency,
  discount: Pick<WaitingDiscountRow, 'code' | 'discountPercent'> | undefined,
): CreditsPriceResponse {
  return {
    ...creditsPrice(creditsQty, currency, discount?.discountPercent ?? 0),
    voucher: discount ? { code: discount.code, discountPercent: discount.discountPercent } : null,
  };
}

/** Stripe would refuse to charge less than its minimum: refused here first, in words for the quantity. */
function refuseBelowMinimum(price: CreditsPriceResponse): void {
  const tooSmall = belowMinimumCharge(price);
  if (tooSmall) throw ApiError.invalid('creditsQty', tooSmall);
}

function purchaseOf(row: PurchaseRow): CreditPurchaseResponse {
  return {
    id: row.paymentIntentId,
    creditsQty: row.creditsQty,
    bundle: row.bundle,
    unitPriceInCents: row.unitPriceInCents,
    discountPercent: row.discountPercent,
    voucherCode: row.voucherCode,
    voucherDiscountPercent: row.voucherDiscountPercent,
    amountInCents: row.amountInCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    grantedAt: row.grantedAt?.toISOString() ?? null,
  };
}
