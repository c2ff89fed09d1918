import { Inject, Injectable } from '@nestjs/common';
import { Database, EventBus, LOGGER, uuidv7, type Logger } from '@tourly/platform';
import { Payments } from '../payments/payments.port';
import { isMissing, stripeCall } from '../payments/stripe-errors';
import { idOf } from '../payments/stripe-values';
import { HostingRepository } from './hosting.repository';
import { connectTargetOf, invoiceState, subscriptionOfInvoice, subscriptionState } from './hosting.rules';
import { HostingOverdueService } from './hosting-overdue.service';
import { MerchantAccountService } from './merchant-account.service';

/**
 * Billing's copies of what lives on the providers' connected accounts, kept in step with Stripe: each Connect event
 * makes billing read the object it is about again from Stripe (on the event's account) and write what Stripe says
 * now, never the event's snapshot, so the order events arrive in does not matter. A change of status is announced
 * (`billing.hosting.subscription.changed.v1`, `billing.hosting.invoice.changed.v1`, and `.paid.v1` once paid).
 */
@Injectable()
export class HostingSyncService {
  constructor(
    private readonly db: Database,
    private readonly hosting: HostingRepository,
    private readonly merchantAccounts: MerchantAccountService,
    private readonly payments: Payments,
    private readonly overdue: HostingOverdueService,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A stored event of a connected account (`account`: its acct_ id). */
  async process(type: string, account: string, object: Record<string, unknown>): Promise<void> {
    const target = connectTargetOf(type, object);
    if (!target) {
      this.logger.debug({ type, account }, 'Connect event needs nothing from billing');
      return;
    }
    try {
      if (target.kind === 'account') await this.merchantAccounts.refresh(target.id);
      else if (target.kind === 'subscription') await this.subscription(account, target.id);
      else await this.invoice(account, target.id, type === 'invoice.overdue');
    } catch (error) {
      // Gone at Stripe (a deleted draft invoice): nothing left to copy.
      if (!isMissing(error)) throw error;
      this.logger.info(
        { type, account, id: target.id },
        'Connect event about an object Stripe no longer has',
      );
    }
  }

  async subscription(account: string, stripeSubscriptionId: string): Promise<void> {
    const subscription = await stripeCall(() =>
      this.payments.connectedSubscription(account, stripeSubscriptionId),
    );
    const state = subscriptionState(subscription);
    await this.db.transaction(async (tx) => {
      const row = await this.hosting.subscriptionForSync(
        tx,
        account,
        subscription.id,
        subscription.metadata?.hosting_subscription_id ?? null,
      );
      if (!row) return;
      await this.hosting.setSubscriptionState(tx, row.id, state);
      if (row.status === state.status && row.cancelAtPeriodEnd === state.cancelAtPeriodEnd) return;
      await this.events.publish(
        'billing.hosting.subscription.changed.v1',
        {
          providerId: row.providerId,
          subscriptionId: row.id,
          customerId: row.customerId,
          status: state.status,
          propertyIds: row.propertyIds,
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        },
        tx,
      );
    });
  }

  /** `overdue`: Stripe says the invoice is past its due date (its `invoice.overdue`), on its own clock. */
  async invoice(account: string, stripeInvoiceId: string, overdue = false): Promise<void> {
    const invoice = await stripeCall(() => this.payments.connectedInvoice(account, stripeInvoiceId));
    const state = invoiceState(invoice);
    const ofSubscription = subscriptionOfInvoice(invoice);
    await this.db.transaction(async (tx) => {
      const customer = await this.hosting.customerByStripeId(tx, account, idOf(invoice.customer) ?? '');
      // An invoice the provider made at Stripe for someone else: not a hosting fee.
      if (!customer) return;
      const subscription =
        ofSubscription.stripeId || ofSubscription.ours
          ? await this.hosting.subscriptionForSync(
              tx,
              account,
              ofSubscription.stripeId ?? '',
              ofSubscription.ours,
            )
          : undefined;
      await this.hosting.lockKey(tx, `hosting-invoice:${invoice.id}`);
      const previous = (await this.hosting.invoiceStatus(tx, invoice.id)) ?? null;
      const id = await this.hosting.upsertInvoice(tx, {
        id: uuidv7(),
        providerId: customer.providerId,
        customerId: customer.id,
        subscriptionId: subscription?.id ?? null,
        stripeAccountId: account,
        stripeInvoiceId: invoice.id,
        ...state,
      });
      if (overdue && state.status === 'open') await this.overdue.announce(tx, id);
      if (previous === state.status) return;
      const payload = {
        providerId: customer.providerId,
        invoiceId: id,
        subscriptionId: subscription?.id ?? null,
        customerId: customer.id,
        status: state.status,
        previousStatus: previous,
        amountDue: state.amountDue,
        amountPaid: state.amountPaid,
        currency: state.currency,
        dueDate: state.dueDate?.toISOString() ?? null,
        propertyIds: subscription?.propertyIds ?? [],
      };
      await this.events.publish('billing.hosting.invoice.changed.v1', payload, tx);
      if (state.status === 'paid') await this.events.publish('billing.hosting.invoice.paid.v1', payload, tx);
    });
  }
}
