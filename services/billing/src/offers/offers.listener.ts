import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { OffersService } from './offers.service';

/**
 * The redeemable actions, as events: each handler gives the action's running offers in the event's own
 * transaction (with the inbox), so a redelivered event gives nothing more.
 */
@Controller()
export class OffersListener {
  constructor(private readonly offers: OffersService) {}

  /**
   * `credits_purchased`: billing's own announcement of a purchase granted. Not `billing.credits.changed.v1`, which
   * every hold and capture of credits publishes too.
   */
  @EventPattern('billing.credits.purchased.v1')
  async onCreditsPurchased(
    @Payload() event: EventEnvelope<'billing.credits.purchased.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.offers.giveFor(context.tx, event);
  }

  /** `subscription_created`: a paid plan, active or in its trial. */
  @EventPattern('billing.subscription.changed.v1')
  async onSubscriptionChanged(
    @Payload() event: EventEnvelope<'billing.subscription.changed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.offers.giveFor(context.tx, event);
  }

  /** `sign_up_completed`: identity set up the provider of a sign-up. */
  @EventPattern('identity.provider.created.v1')
  async onProviderCreated(
    @Payload() event: EventEnvelope<'identity.provider.created.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.offers.giveFor(context.tx, event);
  }

  /** `any_order_placed`: orders placed an order of any kind. */
  @EventPattern('orders.order.placed.v1')
  async onOrderPlaced(
    @Payload() event: EventEnvelope<'orders.order.placed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.offers.giveFor(context.tx, event);
  }
}
