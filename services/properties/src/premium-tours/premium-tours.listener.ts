import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  PLAN_CHANGE_REVIEW,
  PRODUCT_CODES,
  type EventEnvelope,
  type PlanChangeReview,
  type ProductCode,
} from '@tourly/contracts';
import { ApiError, EventContext, isUuid } from '@tourly/platform';
import { PremiumToursService } from './premium-tours.service';

/** What properties learns from billing. */
@Controller()
export class PremiumToursListener {
  constructor(private readonly premiumTours: PremiumToursService) {}

  /**
   * The plan in force, and everything it decides (premium tours beyond its limit, publishing on the free plan), in
   * one transaction. `billing.subscription.downgraded.v1` is not consumed: it comes with this event, in the same
   * billing transaction, and acting on both, each on its own consumer in whichever order they arrive, made the
   * outcome depend on that order.
   */
  @EventPattern('billing.subscription.changed.v1')
  async onPlanChanged(
    @Payload() event: EventEnvelope<'billing.subscription.changed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.premiumTours.applyPlanChange(
      event.data,
      { occurredAt: event.occurredAt, eventId: event.id },
      context.tx,
    );
  }

  /** Billing's plan change review: what a plan would stop if it were in force now. */
  @MessagePattern(PLAN_CHANGE_REVIEW)
  review(@Payload() request: unknown): Promise<PlanChangeReview> {
    const { providerId, productCode } = (request ?? {}) as { providerId?: unknown; productCode?: unknown };
    if (typeof providerId !== 'string' || !isUuid(providerId))
      throw ApiError.invalid('providerId', 'is not a provider id');
    if (!PRODUCT_CODES.includes(productCode as ProductCode)) {
      throw ApiError.invalid('productCode', `must be one of: ${PRODUCT_CODES.join(', ')}`);
    }
    return this.premiumTours.review(providerId, productCode as ProductCode);
  }

  @EventPattern('billing.immersive_extension.changed.v1')
  async onExtensionChanged(
    @Payload() event: EventEnvelope<'billing.immersive_extension.changed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.premiumTours.applyExtensionChange(event.data, event.occurredAt, context.tx);
  }
}
