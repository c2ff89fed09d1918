import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { MediaService } from './media.service';

/** What properties' media learns from orders. */
@Controller()
export class MediaListener {
  constructor(private readonly media: MediaService) {}

  /** A finalised order's plan files become the property's floorplans; its retouched photos, its photos. */
  @EventPattern('orders.order.finalised.v1')
  async onOrderFinalised(
    @Payload() event: EventEnvelope<'orders.order.finalised.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.media.addOrderDeliveries(context.tx, event.data);
  }
}
