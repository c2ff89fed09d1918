import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  CREDITS_PURCHASE_KIND,
  CURRENCIES,
  DEFAULT_CURRENCY,
  MAX_CREDITS_PER_PURCHASE,
  type Currency,
} from '@tourly/contracts';
import { ApiError, CONFIG, Database, isUuid, uuidv7, type Page, type PageQuery } from '@tourly/platform';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import type { BillingConfig } from '../config';
import { asApiError, isMissing, stripeCall } from '../stripe/stripe-errors';
import { STRIPE } from '../stripe/stripe.module';
import { CreditPurchasesRepository, type PurchaseRow } from './credit-purchases.repository';
import type {
  CreditPurchaseResponse,
  CreditsPriceResponse,
  PurchaseCreditsForm,
  PurchaseIntentResponse,
  PurchaseSuccessResponse,
} from './credits.dto';
import { creditsPrice } from './credits.rules';
import { balanceOf, CreditsService, SYSTEM_ACTOR } from './credits.service';
import { CreditsRepository } from './credits.repository';

export const PURCHASE_NOT_FOUND = 'Payment not found';
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;
export const PURCHASE_NOT_PAID = 'This payment has not been made yet; confirm it with a card first.';
export const PURCHASE_CANCELLED = 'This payment was cancelled; start a new purchase.';

/**
 * Buying credits: a Stripe payment intent for the price of the quantity (the bundle saving applied), its metadata
 * naming the provider and the quantity. The credits are granted once, when Stripe says the intent succeeded,
 * whichever comes first: the page's success call or the `payment_intent.succeeded` webhook. Both read the intent
 * from Stripe and grant through one ledger row keyed by the intent's id (unique per provider), under the provider's
 * balance lock, so the second finds it written.
 */
@Injectable()
export class CreditPurchasesService {
  constructor(
    private readonly db: Database,
    private readonly purchases: CreditPurchasesRepository,
    private readonly ledger: CreditsRepository,
    private readonly credits: CreditsService,
    private readonly accounts: BillingAccountsService,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(CONFIG) private readonly config: BillingConfig,
  ) {}

  /** The price in the billing account's currency (usd without an account). */
  async price(providerId: string, creditsQty: number): Promise<CreditsPriceResponse> {
    const currency = (await this.accounts.find(providerId))?.currency ?? DEFAULT_CURRENCY;
    return creditsPrice(creditsQty, currency);
  }

  async list(providerId: string, query: PageQuery): Promise<Page<CreditPurchaseResponse>> {
    const page = await this.purchases.list(providerId, query);
    return { ...page, items: page.items.map(purchaseOf) };
  }

  /**
   * A payment intent for the credits. With a saved card it is confirmed now (3-D Secure: `requires_action` with
   * the client secret; declined: 402 in the issuer's words); without, the page confirms it with Stripe.js.
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
    const price = creditsPrice(form.creditsQty, account.currency);
    const intent = await stripeCall(() =>
      this.stripe.paymentIntents.create(
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
          },
          ...(card && { payment_method: card.id, confirm: true }),
        },
        { idempotencyKey: `credits-purchase:${uuidv7()}` },
      ),
    );
    await this.purchases.insert({
      paymentIntentId: intent.id,
      providerId,
      createdBy: userId,
      creditsQty: price.creditsQty,
      bundle: price.bundle,
      unitPriceInCents: price.unitPriceInCents,
      discountPercent: price.discountPercent,
      amountInCents: price.totalInCents,
      currency: price.currency,
      status: intent.status,
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

  /** A webhook said a credits payment intent changed: Stripe's current state of it is recorded (and granted). */
  async refresh(paymentIntentId: string): Promise<void> {
    const intent = await this.intent(paymentIntentId);
    if (intent && isCreditsPurchase(intent)) await this.settle(intent);
  }

  /** Records the intent's status; a succeeded one grants its credits, once. */
  private async settle(intent: Stripe.PaymentIntent): Promise<PurchaseRow> {
    const purchase = (await this.purchases.find(intent.id)) ?? (await this.recordFromStripe(intent));
    const succeeded = intent.status === 'succeeded';
    await this.db.transaction(async (tx) => {
      if (succeeded) {
        await this.credits.grant(tx, {
          providerId: purchase.providerId,
          kind: 'purchase',
          category: 'customer_purchase',
          amount: purchase.creditsQty,
          actor: purchase.createdBy ?? SYSTEM_ACTOR,
          reference: intent.id,
          note: null,
        });
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
    const price = creditsPrice(creditsQty, currency);
    await this.purchases.insert({
      paymentIntentId: intent.id,
      providerId,
      createdBy: null,
      creditsQty,
      bundle: price.bundle,
      unitPriceInCents: price.unitPriceInCents,
      discountPercent: price.discountPercent,
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
      return await this.stripe.paymentIntents.retrieve(paymentIntentId);
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

function purchaseOf(row: PurchaseRow): CreditPurchaseResponse {
  return {
    id: row.paymentIntentId,
    creditsQty: row.creditsQty,
    bundle: row.bundle,
    unitPriceInCents: row.unitPriceInCents,
    discountPercent: row.discountPercent,
    amountInCents: row.amountInCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    grantedAt: row.grantedAt?.toISOString() ?? null,
  };
}
