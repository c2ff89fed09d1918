import { Injectable } from '@nestjs/common';
import { PROBLEM_SUBSCRIPTION_STATUSES } from '@tourly/contracts';
import { ApiError, Database } from '@tourly/platform';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import { stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import { SubscriptionProjection } from './subscription-projection';
import { SubscriptionsService, type ChangeResult } from './subscriptions.service';

export const NOTHING_TO_PAY = 'There is no unpaid invoice to pay.';
const FIELD = 'paymentMethodId';

/**
 * Paying now what a failed renewal left open (000 §2 payment-failed banner: pay within 14 days): the
 * subscription's open invoice, charged on session to the card the person chose or else the default card. A card
 * that asks for 3-D Secure answers `requires_action` with the payment's client secret, as plan changes do; a
 * declined one, a 402 in the issuer's words, leaving the invoice open. The card that paid becomes the default
 * (the customer's and the running subscriptions'), so that the next renewal charges it, not the one that failed.
 */
@Injectable()
export class OverduePaymentService {
  constructor(
    private readonly db: Database,
    private readonly payments: Payments,
    private readonly accounts: BillingAccountsService,
    private readonly accountRows: BillingAccountsRepository,
    private readonly projection: SubscriptionProjection,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  async payNow(providerId: string, paymentMethodId: string | undefined): Promise<ChangeResult> {
    const account = await this.accounts.require(providerId);
    const { subscriptionId, clientSecret } = await this.db.transaction(async (tx) => {
      // One payment per provider at a time: a double click finds the invoice paid.
      await this.accountRows.lock(tx, providerId);
      const current = await this.projection.find(providerId);
      if (!current || !PROBLEM_SUBSCRIPTION_STATUSES.includes(current.status)) {
        throw ApiError.base(422, NOTHING_TO_PAY);
      }
      const invoice = await stripeCall(() => this.payments.openInvoice(current.stripeSubscriptionId));
      if (!invoice) throw ApiError.base(422, NOTHING_TO_PAY);
      const card = await this.accounts.cardToCharge(
        providerId,
        account.stripeCustomerId,
        paymentMethodId,
        FIELD,
      );
      // On session: a card that asks for 3-D Secure answers the payment's client secret.
      const secret = await stripeCall(() => this.payments.payInvoice(invoice.id as string, card.id));
      // Paid: the next renewal charges this card. (After 3-D Secure the page makes it the default.)
      if (!secret) await this.accounts.setDefaultCard(providerId, card.id);
      return { subscriptionId: current.stripeSubscriptionId, clientSecret: secret };
    });
    await this.projection.refresh(subscriptionId, providerId);
    const state = await this.subscriptions.current(providerId);
    return clientSecret
      ? { result: 'requires_action', clientSecret, subscription: state }
      : { result: 'success', subscription: state };
  }
}
