import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { WEBHOOK_SOURCE_SUBJECTS } from './webhook-catalogue';
import { WebhooksService } from './webhooks.service';

/**
 * The platform's events, turned into deliveries: each public event of a provider is recorded once with a pending
 * delivery to each of that provider's enabled endpoints that wants its type, in the inbox's transaction, so a
 * redelivered event queues nothing twice and a crash queues nothing half. The transaction's commit wakes the
 * dispatchers (NOTIFY).
 */
@Controller()
export class WebhooksListener {
  constructor(private readonly webhooks: WebhooksService) {}

  @EventPattern(WEBHOOK_SOURCE_SUBJECTS)
  async onEvent(@Payload() event: EventEnvelope, @Ctx() context: EventContext): Promise<void> {
    await this.webhooks.recordEvent(context.tx, event);
  }

  /** The provider's admins learn that an endpoint stopped receiving, and what to do. */
  @EventPattern('identity.webhook_endpoint.disabled.v1')
  async onDisabled(@Payload() event: EventEnvelope<'identity.webhook_endpoint.disabled.v1'>): Promise<void> {
    await this.webhooks.tellAdminsOfDisabled(event.data);
  }
}
