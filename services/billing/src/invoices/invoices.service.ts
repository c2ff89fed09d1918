import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { type Page, type PageQuery } from '@tourly/platform';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import { SubscriptionsRepository } from '../accounts/subscriptions.repository';
import { isNothingToInvoice, stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import { ENDED } from '../subscriptions/subscriptions.rules';
import type { InvoiceResponse, UpcomingInvoiceResponse, UpcomingSubscriptionType } from './invoices.dto';
import { invoicesPage, upcomingLinesOf } from './invoices.rules';

/** The most invoices one listing reads from Stripe (decades of monthly invoices): a dozen a year per subscription. */
const MAX_INVOICES = 5_000;

/**
 * The provider's invoices, read from Stripe each time (billing keeps no copy): every invoice of its Stripe
 * customer, its plan's and its premium tours' alike, and the next one of its plan.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly payments: Payments,
    private readonly accounts: BillingAccountsService,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  /**
   * Stripe pages by cursor and gives no total, the platform by number with totals: the customer's invoices are
   * read in full (100 a call, newest first) and the page cut from them.
   */
  async list(providerId: string, query: PageQuery): Promise<Page<InvoiceResponse>> {
    const customer = (await this.accounts.find(providerId))?.stripeCustomerId;
    const invoices = customer ? await stripeCall(() => this.payments.invoices(customer, MAX_INVOICES)) : [];
    return invoicesPage(invoices, query);
  }

  /** null: nothing will be invoiced (no running plan, or it ends at the period end). */
  async upcoming(
    providerId: string,
    subscriptionType: UpcomingSubscriptionType,
  ): Promise<UpcomingInvoiceResponse | null> {
    const customer = (await this.accounts.find(providerId))?.stripeCustomerId;
    const subscription = await this.subscriptions.find(providerId);
    if (
      !customer ||
      !subscription ||
      ENDED.includes(subscription.status) ||
      subscription.status === 'incomplete' ||
      subscription.cancelAtPeriodEnd
    ) {
      return null;
    }
    let invoice: Stripe.Invoice;
    try {
      invoice = await stripeCall(() =>
        this.payments.previewInvoice({ customer, subscription: subscription.stripeSubscriptionId }),
      );
    } catch (error) {
      if (isNothingToInvoice(error)) return null;
      throw error;
    }
    return {
      subscriptionType,
      subscriptionId: subscription.stripeSubscriptionId,
      date: new Date((invoice.next_payment_attempt ?? invoice.created) * 1000).toISOString(),
      subtotalInCents: invoice.subtotal,
      totalInCents: invoice.total,
      amountDueInCents: invoice.amount_due,
      currency: invoice.currency,
      lines: upcomingLinesOf(invoice),
    };
  }
}
