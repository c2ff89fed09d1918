import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { OrderCreditsService } from './order-credits.service';

/**
 * Orders' own events settle the credits held at placing: delivered, they are spent; cancelled, they come back.
 * Driven by the events (outbox, then inbox) rather than by the request: a process that dies after the order
 * committed settles them when it is back, and a redelivered event settles nothing twice (billing answers the same
 * capture or release again).
 */
@Controller()
export class OrdersListener {
  constructor(private readonly credits: OrderCreditsService) {}

  @EventPattern('orders.order.finalised.v1')
  onFinalised(@Payload() event: EventEnvelope<'orders.order.finalised.v1'>): Promise<void> {
    return this.credits.settle('capture', event.data);
  }

  @EventPattern('orders.order.cancelled.v1')
  onCancelled(@Payload() event: EventEnvelope<'orders.order.cancelled.v1'>): Promise<void> {
    return this.credits.settle('release', event.data);
  }
}
