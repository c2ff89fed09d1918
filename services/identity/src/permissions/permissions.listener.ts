import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { PermissionsService } from './permissions.service';

/** Billing's subscription changes keep the plan projection behind the publishing permissions. */
@Controller()
export class PermissionsListener {
  constructor(private readonly permissions: PermissionsService) {}

  @EventPattern('billing.subscription.changed.v1')
  onSubscriptionChanged(
    @Payload() event: EventEnvelope<'billing.subscription.changed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.permissions.applySubscriptionChange(event.data, event.occurredAt, context.tx);
  }
}
