import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import Stripe from 'stripe';
import { LOGGER, type Logger } from '@tourly/platform';
import { STRIPE } from '../stripe/stripe.module';
import { OLDEST_USABLE_WEBHOOK_VERSION, webhookVersionUsable } from './webhooks.rules';

/** The API version the `stripe` SDK pins: the shapes billing reads, webhook payloads included. */
export const PINNED_API_VERSION: string = Stripe.API_VERSION;
export const WEBHOOK_PATH = '/api/webhooks/stripe';

/**
 * Stripe sends a webhook endpoint's events in the API version the endpoint was created with (else the account's
 * default), not the SDK's. At start billing lists the account's endpoints and says loudly when the one
 * pointing at its webhook route was created with another version: an `invoice.*` event older than
 * 2025-03-31 has no `parent.subscription_details`, so billing would not find the subscription it is about.
 */
@Injectable()
export class WebhookVersionCheck implements OnApplicationBootstrap {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Never holds the start up: Stripe may be out of reach for a while, and the check only informs.
    void this.check().catch((error: unknown) =>
      this.logger.warn(
        { err: error },
        'could not list the Stripe webhook endpoints to check their API version',
      ),
    );
  }

  /** The endpoints for billing's route and what is wrong with each (empty: all good). */
  async check(): Promise<Array<{ id: string; url: string; apiVersion: string | null; problem: string }>> {
    const problems: Array<{ id: string; url: string; apiVersion: string | null; problem: string }> = [];
    let ours = 0;
    for await (const endpoint of this.stripe.webhookEndpoints.list({ limit: 100 })) {
      if (endpoint.status !== 'enabled' || !new URL(endpoint.url).pathname.endsWith(WEBHOOK_PATH)) continue;
      ours += 1;
      const apiVersion = endpoint.api_version;
      if (apiVersion === PINNED_API_VERSION) continue;
      const problem = webhookVersionUsable(apiVersion)
        ? `sends events in API version ${apiVersion}, not the pinned ${PINNED_API_VERSION}: create it again with api_version ${PINNED_API_VERSION}`
        : `sends events in API version ${apiVersion ?? "the account's default"}: invoice events then lack parent.subscription_details (from ${OLDEST_USABLE_WEBHOOK_VERSION}) and billing cannot tell their subscription; create it again with api_version ${PINNED_API_VERSION}`;
      problems.push({ id: endpoint.id, url: endpoint.url, apiVersion, problem });
    }
    for (const found of problems) {
      const context = { webhookEndpoint: found.id, url: found.url };
      const message = `Stripe webhook endpoint ${found.id} ${found.problem}`;
      if (webhookVersionUsable(found.apiVersion)) this.logger.warn(context, message);
      else this.logger.error(context, message);
    }
    if (ours === 0) {
      this.logger.info(
        { pinnedApiVersion: PINNED_API_VERSION },
        `no Stripe webhook endpoint listed for ${WEBHOOK_PATH} (the Stripe CLI or the emulator's own endpoints are not listed); it must send events in API version ${PINNED_API_VERSION}`,
      );
    }
    return problems;
  }
}
