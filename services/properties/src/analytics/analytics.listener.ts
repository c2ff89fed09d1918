import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { AnalyticsService } from './analytics.service';

/** A visitor's batch, stored by properties' own consumer in the handler's transaction (once: the inbox). */
@Controller()
export class AnalyticsListener {
  constructor(private readonly analytics: AnalyticsService) {}

  @EventPattern('properties.analytics.batch.v1')
  async onBatch(
    @Payload() event: EventEnvelope<'properties.analytics.batch.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.analytics.storeBatch(event.data, context.tx);
  }
}
