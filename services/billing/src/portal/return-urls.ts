import { Inject, Injectable } from '@nestjs/common';
import { PROVIDER_BY_HOST, type ProviderByHost } from '@tourly/contracts';
import { ApiError, CONFIG, LOGGER, RpcClient, type Logger } from '@tourly/platform';
import type { BillingConfig } from '../config';
import { NOT_THIS_SITE, portalReturn } from './customer-portal.rules';

/** Identity's word on a host decides one link: a short wait, then the host counts as nobody's. */
const HOST_QUESTION_TIMEOUT_MS = 1000;

/**
 * The way back from one of Stripe's pages (the customer portal, the merchant account's onboarding): a page of the
 * platform (APP_URL) or of a host of the provider's own, never the host a request happened to name; anything else
 * is 422 on `return_url`.
 */
@Injectable()
export class ReturnUrls {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async resolve(providerId: string, fallbackPath: string, returnUrl: string | undefined): Promise<string> {
    const target = portalReturn(this.config.APP_URL, fallbackPath, returnUrl);
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
