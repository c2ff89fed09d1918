import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { AdminChangesService } from './admin-changes.service';

/**
 * What administrators changed in the services' records of a provider, announced in the change's own transaction (by
 * billing's and orders' admin routes, and by every service's database for a change made while impersonating, this
 * one's included): recorded in the inbox's transaction, under the event's id (a redelivered event records nothing
 * twice).
 */
@Controller()
export class AdminChangesListener {
  constructor(private readonly adminChanges: AdminChangesService) {}

  @EventPattern('identity.admin_change.recorded.v1')
  onIdentityChange(
    @Payload() event: EventEnvelope<'identity.admin_change.recorded.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.adminChanges.recordHeard(context.tx, event);
  }

  @EventPattern('billing.admin_change.recorded.v1')
  onBillingChange(
    @Payload() event: EventEnvelope<'billing.admin_change.recorded.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.adminChanges.recordHeard(context.tx, event);
  }

  @EventPattern('properties.admin_change.recorded.v1')
  onPropertiesChange(
    @Payload() event: EventEnvelope<'properties.admin_change.recorded.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.adminChanges.recordHeard(context.tx, event);
  }

  @EventPattern('orders.admin_change.recorded.v1')
  onOrdersChange(
    @Payload() event: EventEnvelope<'orders.admin_change.recorded.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.adminChanges.recordHeard(context.tx, event);
  }
}
