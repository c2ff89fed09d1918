import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  CLIENT_PORTAL_CONTACT,
  DEFAULT_CURRENCY,
  HOSTING_LIMITS,
  PROPERTIES_OWNED,
  type ClientPortalContact,
  type PropertiesOwned,
} from '@tourly/contracts';
import {
  ApiError,
  Database,
  RpcClient,
  uuidv7,
  type ClientScope,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import { Payments } from '../payments/payments.port';
import { TestClocks } from '../payments/test-clocks';
import type { TestClockStateResponse } from '../accounts/billing-accounts.dto';
import { isMissing, stripeCall } from '../payments/stripe-errors';
import { idOf } from '../payments/stripe-values';
import type {
  CancelHostingSubscription,
  HostingCustomerForm,
  HostingCustomerResponse,
  HostingCustomersQuery,
  HostingInvoiceResponse,
  HostingInvoicesQuery,
  HostingSubscriptionForm,
  HostingSubscriptionResponse,
  HostingSubscriptionsQuery,
  PaymentLinkResponse,
  PortalHostingInvoiceResponse,
} from './hosting.dto';
import { HostingRepository, type HostingInvoice } from './hosting.repository';
import {
  ALREADY_CANCELED,
  cancelable,
  CUSTOMER_HAS_SUBSCRIPTION,
  CUSTOMER_NOT_FOUND,
  customerDeletable,
  INVOICE_NOT_FOUND,
  NO_INVOICE_PAGE,
  NO_INVOICE_PDF,
  NOT_YOUR_CLIENT,
  NOT_YOUR_PROPERTIES,
  NOT_YOUR_TAX_RATES,
  ONLY_OPEN_VOID,
  SUBSCRIPTION_NOT_FOUND,
  voidable,
} from './hosting.rules';
import { HostingSyncService } from './hosting-sync.service';
import { MerchantAccountService } from './merchant-account.service';

/**
 * Hosting fees: the provider's clients as customers of its connected account, their subscriptions (a monthly or
 * yearly fee for keeping tours online, invoiced with 14 days to pay) and their invoices. Every Stripe call is made on
 * the provider's connected account; billing's copies follow Stripe through the Connect webhooks.
 */
@Injectable()
export class HostingFeesService {
  constructor(
    private readonly db: Database,
    private readonly hosting: HostingRepository,
    private readonly merchantAccounts: MerchantAccountService,
    private readonly billingAccounts: BillingAccountsRepository,
    private readonly sync: HostingSyncService,
    private readonly rpc: RpcClient,
    private readonly payments: Payments,
    private readonly testClocks: TestClocks,
  ) {}

  // Customers

  customers(providerId: string, query: HostingCustomersQuery): Promise<Page<HostingCustomerResponse>> {
    return this.hosting.customers(providerId, query);
  }

  async createCustomer(providerId: string, form: HostingCustomerForm): Promise<HostingCustomerResponse> {
    const account = await this.merchantAccounts.requireActive(providerId);
    if (form.clientId) await this.requireClient(providerId, form.clientId);
    const id = uuidv7();
    // Test mode: the customer lives on a clock of its own, which the provider moves to see renewals fall due.
    const testClockId = await this.testClocks.forNewCustomer(
      `hosting customer ${id}`,
      `hosting-test-clock:${id}`,
      account.stripeAccountId,
    );
    const customer = await stripeCall(() =>
      this.payments.createConnectedCustomer(
        account.stripeAccountId,
        {
          name: form.name,
          email: form.email,
          metadata: { hosting_customer_id: id, provider_id: providerId, client_id: form.clientId ?? '' },
          ...(testClockId && { test_clock: testClockId }),
        },
        `hosting-customer:${id}`,
      ),
    );
    await this.db.transaction((tx) =>
      this.hosting.insertCustomer(tx, {
        id,
        providerId,
        stripeAccountId: account.stripeAccountId,
        stripeCustomerId: customer.id,
        name: form.name,
        email: form.email,
        clientId: form.clientId ?? null,
        testClockId,
      }),
    );
    return this.customerOf(providerId, id);
  }

  /** The customer's test clock (test mode); 404 when test clocks are off or the customer is not the provider's. */
  async customerTestClock(providerId: string, id: string): Promise<TestClockStateResponse> {
    const customer = await this.hosting.customer(providerId, id);
    if (!customer) throw ApiError.notFound(CUSTOMER_NOT_FOUND);
    return this.testClocks.read(customer.testClockId, customer.stripeAccountId);
  }

  /** Moves the customer's test clock to `time`: its subscriptions renew and its invoices fall due on the way. */
  async advanceCustomerTestClock(
    providerId: string,
    id: string,
    testClockId: string,
    time: string,
  ): Promise<TestClockStateResponse> {
    const customer = await this.hosting.customer(providerId, id);
    if (!customer) throw ApiError.notFound(CUSTOMER_NOT_FOUND);
    return this.testClocks.advance(customer.testClockId, testClockId, time, customer.stripeAccountId);
  }

  /** Deletes the customer at Stripe and here; 409 while one of its subscriptions runs. */
  async deleteCustomer(providerId: string, id: string): Promise<void> {
    const customer = await this.hosting.customer(providerId, id);
    if (!customer) throw ApiError.notFound(CUSTOMER_NOT_FOUND);
    await this.db.transaction(async (tx) => {
      if (!(await this.hosting.lockCustomer(tx, providerId, id))) throw ApiError.notFound(CUSTOMER_NOT_FOUND);
      if (!customerDeletable(await this.hosting.subscriptionStatusesOf(tx, id))) {
        throw ApiError.conflict(CUSTOMER_HAS_SUBSCRIPTION);
      }
      try {
        await stripeCall(() =>
          this.payments.deleteConnectedCustomer(customer.stripeAccountId, customer.stripeCustomerId),
        );
      } catch (error) {
        // Deleted at Stripe already (its Dashboard): only billing's copy is left to go.
        if (!isMissing(error)) throw error;
      }
      await this.hosting.deleteCustomer(tx, id);
    });
  }

  // Subscriptions

  subscriptions(
    providerId: string,
    query: HostingSubscriptionsQuery,
  ): Promise<Page<HostingSubscriptionResponse>> {
    return this.hosting.subscriptions(providerId, query);
  }

  async subscription(providerId: string, id: string): Promise<HostingSubscriptionResponse> {
    const found = await this.hosting.subscription(providerId, id);
    if (!found) throw ApiError.notFound(SUBSCRIPTION_NOT_FOUND);
    const { stripeAccountId: _account, stripeSubscriptionId: _stripeId, ...subscription } = found;
    return subscription;
  }

  /**
   * A fee for keeping the client's tours online: a product and its price on the connected account (one each per
   * subscription: the price is the subscription's own amount and interval), invoiced to the
   * client (`send_invoice`, 14 days to pay) with the tax rates and the platform's fee. Billing's row is written
   * first, so the webhooks that may overtake Stripe's answer find it by the id in the subscription's metadata.
   */
  async createSubscription(
    providerId: string,
    form: HostingSubscriptionForm,
  ): Promise<HostingSubscriptionResponse> {
    const account = await this.merchantAccounts.requireActive(providerId);
    const customer = await this.hosting.customer(providerId, form.customerId);
    if (!customer) throw ApiError.invalid('customerId', 'is not one of your hosting customers');
    const propertyIds = [...new Set(form.propertyIds)];
    await this.requireProperties(providerId, propertyIds);
    const taxRateIds = [...new Set(form.taxRateIds ?? [])];
    if (!(await this.merchantAccounts.activeTaxRates(account.stripeAccountId, taxRateIds))) {
      throw ApiError.invalid('taxRateIds', NOT_YOUR_TAX_RATES);
    }
    const billing = await this.billingAccounts.find(providerId);
    const currency = form.currency ?? billing?.currency ?? DEFAULT_CURRENCY;
    const applicationFeePercent = await this.billingAccounts.hostingFee(providerId);
    const id = uuidv7();
    await this.db.transaction((tx) =>
      this.hosting.insertSubscription(tx, {
        id,
        providerId,
        customerId: customer.id,
        stripeAccountId: account.stripeAccountId,
        interval: form.interval,
        amount: form.amount,
        currency,
        description: form.description ?? null,
        propertyIds,
        taxRateIds,
        applicationFeePercent,
      }),
    );
    let created: Stripe.Subscription;
    try {
      const metadata = { hosting_subscription_id: id, provider_id: providerId };
      const product = await stripeCall(() =>
        this.payments.createConnectedProduct(
          account.stripeAccountId,
          { name: form.description || 'Tour hosting', metadata },
          `hosting-product:${id}`,
        ),
      );
      const price = await stripeCall(() =>
        this.payments.createConnectedPrice(
          account.stripeAccountId,
          {
            currency,
            product: product.id,
            recurring: { interval: form.interval },
            unit_amount: form.amount,
            metadata,
          },
          `hosting-price:${id}`,
        ),
      );
      created = await stripeCall(() =>
        this.payments.createConnectedSubscription(
          account.stripeAccountId,
          {
            customer: customer.stripeCustomerId,
            items: [{ price: price.id }],
            collection_method: 'send_invoice',
            days_until_due: form.daysUntilDue ?? HOSTING_LIMITS.daysUntilDue,
            ...(taxRateIds.length > 0 && { default_tax_rates: taxRateIds }),
            ...(applicationFeePercent !== null && { application_fee_percent: applicationFeePercent }),
            ...(form.description && { description: form.description }),
            metadata,
          },
          `hosting-subscription:${id}`,
        ),
      );
      await this.sync.subscription(account.stripeAccountId, created.id);
    } catch (error) {
      // Stripe made nothing (or billing cannot tell): the row without a Stripe id goes; a made one stays.
      await this.hosting.deleteUnmade(id);
      throw error;
    }
    await this.sendFirstInvoice(account.stripeAccountId, idOf(created.latest_invoice));
    return this.subscription(providerId, id);
  }

  /**
   * Stripe finalizes the first invoice of an invoiced subscription about an hour after it is made; billing finalizes
   * it at once, so the client can pay it (its hosted page) from the start.
   */
  private async sendFirstInvoice(account: string, invoiceId: string | null): Promise<void> {
    if (!invoiceId) return;
    const invoice = await stripeCall(() => this.payments.connectedInvoice(account, invoiceId));
    if (invoice.status === 'draft') {
      await stripeCall(() => this.payments.finalizeConnectedInvoice(account, invoiceId));
    }
    await this.sync.invoice(account, invoiceId);
  }

  /** Ends the subscription now, or at the end of the period it is in. */
  async cancelSubscription(
    providerId: string,
    id: string,
    request: CancelHostingSubscription,
  ): Promise<HostingSubscriptionResponse> {
    const subscription = await this.hosting.subscription(providerId, id);
    if (!subscription?.stripeSubscriptionId) throw ApiError.notFound(SUBSCRIPTION_NOT_FOUND);
    if (!cancelable(subscription.status)) throw ApiError.conflict(ALREADY_CANCELED);
    const { stripeAccountId, stripeSubscriptionId } = subscription;
    await stripeCall(() =>
      request.atPeriodEnd
        ? this.payments.updateConnectedSubscription(stripeAccountId, stripeSubscriptionId, {
            cancel_at_period_end: true,
          })
        : this.payments.cancelConnectedSubscription(stripeAccountId, stripeSubscriptionId),
    );
    await this.sync.subscription(stripeAccountId, stripeSubscriptionId);
    return this.subscription(providerId, id);
  }

  // Invoices

  /** The client's portal: the invoices of the provider's hosting customers linked to the client (drafts left out). */
  clientInvoices(scope: ClientScope, query: PageQuery): Promise<Page<PortalHostingInvoiceResponse>> {
    return this.hosting.clientInvoices(scope.providerId, scope.clientId, query);
  }

  invoices(providerId: string, query: HostingInvoicesQuery): Promise<Page<HostingInvoiceResponse>> {
    return this.hosting.invoices(providerId, query);
  }

  async voidInvoice(providerId: string, id: string): Promise<HostingInvoiceResponse> {
    const invoice = await this.invoice(providerId, id);
    if (!voidable(invoice.status)) throw ApiError.conflict(ONLY_OPEN_VOID);
    await stripeCall(() =>
      this.payments.voidConnectedInvoice(invoice.stripeAccountId, invoice.stripeInvoiceId),
    );
    await this.sync.invoice(invoice.stripeAccountId, invoice.stripeInvoiceId);
    return this.shown(await this.invoice(providerId, id));
  }

  /** Stripe's PDF of the invoice, where the download leads. */
  async pdf(providerId: string, id: string): Promise<string> {
    const invoice = await this.invoice(providerId, id);
    if (!invoice.invoicePdf) throw ApiError.conflict(NO_INVOICE_PDF);
    return invoice.invoicePdf;
  }

  async paymentLink(providerId: string, id: string): Promise<PaymentLinkResponse> {
    const invoice = await this.invoice(providerId, id);
    if (!invoice.hostedInvoiceUrl) throw ApiError.conflict(NO_INVOICE_PAGE);
    return { url: invoice.hostedInvoiceUrl };
  }

  private async invoice(providerId: string, id: string): Promise<HostingInvoice> {
    const invoice = await this.hosting.invoice(providerId, id);
    if (!invoice) throw ApiError.notFound(INVOICE_NOT_FOUND);
    return invoice;
  }

  private shown(invoice: HostingInvoice): HostingInvoiceResponse {
    const { invoicePdf: _pdf, stripeAccountId: _account, stripeInvoiceId: _stripeId, ...shown } = invoice;
    return shown;
  }

  private async customerOf(providerId: string, id: string): Promise<HostingCustomerResponse> {
    const {
      stripeAccountId: _account,
      stripeCustomerId: _stripeId,
      ...customer
    } = (await this.hosting.customer(providerId, id))!;
    return customer;
  }

  private async requireClient(providerId: string, clientId: string): Promise<void> {
    try {
      await this.rpc.ask<ClientPortalContact>(CLIENT_PORTAL_CONTACT, { providerId, clientId });
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 404) {
        throw ApiError.invalid('clientId', NOT_YOUR_CLIENT);
      }
      throw error;
    }
  }

  private async requireProperties(providerId: string, propertyIds: string[]): Promise<void> {
    const owned = await this.rpc.ask<PropertiesOwned>(PROPERTIES_OWNED, { providerId, propertyIds });
    if (owned.propertyIds.length !== propertyIds.length) {
      throw ApiError.invalid('propertyIds', NOT_YOUR_PROPERTIES);
    }
  }
}
