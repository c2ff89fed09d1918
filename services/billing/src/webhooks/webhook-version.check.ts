import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER, type Logger } from '@tourly/platform';
import { Payments } from '../payments/payments.port';
import { OLDEST_USABLE_WEBHOOK_VERSION, webhookVersionUsable } from './webhooks.rules';

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
    private readonly payments: Payments,
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
    const pinned = this.payments.apiVersion;
    let ours = 0;
    for await (const endpoint of this.payments.webhookEndpoints()) {
      if (endpoint.status !== 'enabled' || !new URL(endpoint.url).pathname.endsWith(WEBHOOK_PATH)) continue;
      ours += 1;
      const apiVersion = endpoint.api_version;
      if (apiVersion === pinned) continue;
      const problem = webhookVersionUsable(apiVersion)
        ? `sends events in API version ${apiVersion}, not the pinned ${pinned}: create it again with api_version ${pinned}`
        : `sends events in API version ${apiVersion ?? "the account's default"}: invoice events then lack parent.subscription_details (from ${OLDEST_USABLE_WEBHOOK_VERSION}) and billing cannot tell their subscription; create it again with api_version ${pinned}`;
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
        { pinnedApiVersion: pinned },
        `no Stripe webhook endpoint listed for ${WEBHOOK_PATH} (the Stripe CLI or the emulator's own endpoints are not listed); it must send events in API version ${pinned}`,
      );
    }
    return problems;
  }
}
