import { Inject, Injectable } from '@nestjs/common';
import { PROVIDER_BY_HOST, type ProviderByHost } from '@tourly/contracts';
import { ApiError, CONFIG, LOGGER, RpcClient, type Logger } from '@tourly/platform';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import type { BillingConfig } from '../config';
import { stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import type { CustomerPortalLinkResponse, CustomerPortalQuery } from './customer-portal.dto';
import { NOT_THIS_SITE, portalReturn } from './customer-portal.rules';

/** Identity's word on a host decides one link: a short wait, then the host counts as nobody's. */
const HOST_QUESTION_TIMEOUT_MS = 1000;

/**
 * Stripe's customer portal: the provider's cards, invoices and billing details on Stripe's own pages, a session
 * made for each visit (its link lives a few minutes), with a way back to a page of the platform (APP_URL) or of a
 * host of the provider's own, never to the host a request happened to name.
 */
@Injectable()
export class CustomerPortalService {
  constructor(
    private readonly accounts: BillingAccountsService,
    private readonly rpc: RpcClient,
    private readonly payments: Payments,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async link(providerId: string, query: CustomerPortalQuery): Promise<CustomerPortalLinkResponse> {
    const returnUrl = await this.returnUrl(providerId, query);
    const account = await this.accounts.require(providerId);
    const session = await stripeCall(() =>
      this.payments.createPortalSession({
        customer: account.stripeCustomerId,
        return_url: returnUrl,
      }),
    );
    return { url: session.url };
  }

  private async returnUrl(providerId: string, query: CustomerPortalQuery): Promise<string> {
    const target = portalReturn(this.config.APP_URL, query.cameFrom, query.returnUrl);
    if (target.kind === 'app') return target.url;
    if (target.kind === 'own_host') {
      try {
        const owner = await this.rpc.ask<ProviderByHost>(
          PROVIDER_BY_HOST,
          target.host,
          HOST_QUESTION_TIMEOUT_MS,
        );
        if (owner.providerId === providerId) return target.url;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // Identity out of reach: the host is not known to be the provider's, so it is not used.
        this.logger.warn({ err: error, providerId }, 'could not ask identity whose host a return_url names');
      }
    }
    throw ApiError.invalid('returnUrl', NOT_THIS_SITE);
  }
}
