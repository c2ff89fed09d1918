import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { CREDITS_PURCHASE_KIND } from '@tourly/contracts';
import { Database, LOGGER, type Logger } from '@tourly/platform';
import { asApiError, isMissing } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import { CreditPurchasesRepository } from './credit-purchases.repository';
import { CreditPurchasesService } from './credit-purchases.service';
import { CreditRefundsRepository } from './credit-refunds.repository';
import { creditsRefunded } from './credit-refunds.rules';
import { CreditsRepository } from './credits.repository';
import { CreditsService, SYSTEM_ACTOR } from './credits.service';

/**
 * Refunds of credits purchases, made at Stripe (the Dashboard, or the API): the credits the refunded money bought
 * are taken back, once per refund, as a `refund` ledger row. Credits already spent stay spent: a refund takes at
 * most what the provider has available, and records how many it could not take back.
 */
@Injectable()
export class CreditRefundsService {
  constructor(
    private readonly db: Database,
    private readonly refunds: CreditRefundsRepository,
    private readonly purchases: CreditPurchasesRepository,
    private readonly creditPurchases: CreditPurchasesService,
    private readonly ledger: CreditsRepository,
    private readonly credits: CreditsService,
    private readonly payments: Payments,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A `refund.*` event: Stripe's current state of the refund decides; anything but a credits purchase is ignored. */
  async record(refundId: string): Promise<void> {
    const refund = await this.refund(refundId);
    const intent = refund?.payment_intent;
    if (!refund || !intent || typeof intent === 'string') return;
    if (intent.metadata?.kind !== CREDITS_PURCHASE_KIND) return;
    // Still pending (or failed): a later `refund.updated` says when it succeeded.
    if (refund.status !== 'succeeded') return;
    // The purchase's own grant first, in case its webhook has not been processed yet.
    await this.creditPurchases.refresh(intent.id);
    const purchase = await this.purchases.find(intent.id);
    if (!purchase?.grantedAt) return;

    await this.db.transaction(async (tx) => {
      const balance = await this.ledger.lock(tx, purchase.providerId);
      if (await this.refunds.has(tx, refund.id)) return;
      const before = await this.refunds.refundedBefore(tx, intent.id);
      const covered = creditsRefunded({
        creditsQty: purchase.creditsQty,
        amountInCents: purchase.amountInCents,
        refundedBeforeInCents: before.amountInCents,
        creditsRefundedBefore: before.creditsRefunded,
        refundInCents: refund.amount,
      });
      const taken = Math.min(covered, balance.available);
      await this.refunds.insert(tx, {
        refundId: refund.id,
        paymentIntentId: intent.id,
        providerId: purchase.providerId,
        amountInCents: refund.amount,
        creditsRefunded: covered,
        creditsTaken: taken,
      });
      if (taken > 0) {
        await this.credits.grant(tx, {
          providerId: purchase.providerId,
          kind: 'refund',
          category: 'customer_purchase',
          amount: -taken,
          actor: SYSTEM_ACTOR,
          reference: refund.id,
          note: taken < covered ? `${covered - taken} of the refunded credits were already spent` : null,
        });
      }
      if (taken < covered) {
        this.logger.warn(
          { providerId: purchase.providerId, refundId: refund.id, covered, taken },
          'credits refund: some refunded credits were already spent and stay spent',
        );
      }
    });
  }

  private async refund(refundId: string): Promise<Stripe.Refund | undefined> {
    try {
      return await this.payments.refund(refundId);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw asApiError(error);
    }
  }
}
