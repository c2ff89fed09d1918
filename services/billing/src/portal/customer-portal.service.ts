import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { ApiError } from '@tourly/platform';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import { stripeCall } from '../stripe/stripe-errors';
import { STRIPE } from '../stripe/stripe.module';
import type { CustomerPortalLinkResponse, CustomerPortalQuery } from './customer-portal.dto';
import { NOT_THIS_SITE, portalReturnUrl } from './customer-portal.rules';

/**
 * Stripe's customer portal: the provider's cards, invoices and billing details on Stripe's own pages, a session
 * made for each visit (its link lives a few minutes), with a way back to the page the person came from.
 */
@Injectable()
export class CustomerPortalService {
  constructor(
    private readonly accounts: BillingAccountsService,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  /** `siteOrigin`: the origin the person reached the platform at (e.g. `https://app.example.com`). */
  async link(
    providerId: string,
    siteOrigin: string,
    query: CustomerPortalQuery,
  ): Promise<CustomerPortalLinkResponse> {
    const returnUrl = portalReturnUrl(siteOrigin, query.cameFrom, query.returnUrl);
    if (returnUrl === undefined) throw ApiError.invalid('returnUrl', NOT_THIS_SITE);
    const account = await this.accounts.require(providerId);
    const session = await stripeCall(() =>
      this.stripe.billingPortal.sessions.create({
        customer: account.stripeCustomerId,
        return_url: returnUrl,
      }),
    );
    return { url: session.url };
  }
}
