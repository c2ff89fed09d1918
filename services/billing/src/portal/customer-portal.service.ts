import { Injectable } from '@nestjs/common';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import { stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import type { CustomerPortalLinkResponse, CustomerPortalQuery } from './customer-portal.dto';
import { PORTAL_ORIGINS } from './customer-portal.rules';
import { ReturnUrls } from './return-urls';

/**
 * Stripe's customer portal: the provider's cards, invoices and billing details on Stripe's own pages, a session
 * made for each visit (its link lives a few minutes), with a way back to a page of the platform (APP_URL) or of a
 * host of the provider's own, never to the host a request happened to name.
 */
@Injectable()
export class CustomerPortalService {
  constructor(
    private readonly accounts: BillingAccountsService,
    private readonly returnUrls: ReturnUrls,
    private readonly payments: Payments,
  ) {}

  async link(providerId: string, query: CustomerPortalQuery): Promise<CustomerPortalLinkResponse> {
    const returnUrl = await this.returnUrls.resolve(
      providerId,
      PORTAL_ORIGINS[query.cameFrom ?? 'billing'],
      query.returnUrl,
    );
    const account = await this.accounts.require(providerId);
    const session = await stripeCall(() =>
      this.payments.createPortalSession({
        customer: account.stripeCustomerId,
        return_url: returnUrl,
      }),
    );
    return { url: session.url };
  }
}
