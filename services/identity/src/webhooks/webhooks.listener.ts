import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { CONFIG, EventContext } from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { publicEventOf, WEBHOOK_SOURCE_SUBJECTS } from './webhook-catalogue';
import { WebhooksRepository } from './webhooks.repository';

/**
 * The platform's events, turned into deliveries: each public event of a provider is recorded once (its message id
 * is the event's id) with a pending delivery to each of that provider's enabled endpoints that wants its type, in
 * the inbox's transaction, so a redelivered event queues nothing twice and a crash queues nothing half. The
 * dispatchers find the deliveries on their next look (within a quarter of a second).
 */
@Controller()
export class WebhooksListener {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly memberships: MembershipsRepository,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  @EventPattern(WEBHOOK_SOURCE_SUBJECTS)
  async onEvent(@Payload() event: EventEnvelope, @Ctx() context: EventContext): Promise<void> {
    const published = publicEventOf(event.type, event.data);
    // Only a provider's own events go to its endpoints; the platform's own (no provider) go nowhere.
    if (!published || !event.providerId) return;
    const body = JSON.stringify({ type: published.type, timestamp: event.occurredAt, data: published.data });
    await this.webhooks.recordMessage(context.tx, {
      id: event.id,
      providerId: event.providerId,
      eventType: published.type,
      body,
      createdAt: new Date(event.occurredAt),
    });
  }

  /** The provider's admins learn that an endpoint stopped receiving, and what to do. */
  @EventPattern('identity.webhook_endpoint.disabled.v1')
  async onDisabled(@Payload() event: EventEnvelope<'identity.webhook_endpoint.disabled.v1'>): Promise<void> {
    const { providerId, url, reason } = event.data;
    const page = `${this.config.APP_URL}/provider/settings/developers`;
    for (const to of await this.memberships.adminEmails(providerId)) {
      await this.mailer.send({
        to,
        subject: 'A webhook endpoint was disabled',
        text: `We stopped sending events to ${url}.\n\n${reason}\n\nManage your webhooks: ${page}`,
      });
    }
  }
}
