import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { LegacyPlans } from './legacy-plans.service';
import { OverduePaymentService } from './overdue-payment.service';
import { PlanChangeReview } from './plan-change-review';
import { PlanChoicesRepository } from './plan-choices.repository';
import { SubscriptionProjection } from './subscription-projection';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/** The service plan subscription: plan changes, the projection of Stripe's subscription, pay now, legacy plans. */
@Module({
  imports: [AccountsModule, CatalogueModule],
  controllers: [SubscriptionsController],
  providers: [
    PlanChoicesRepository,
    PlanChangeReview,
    SubscriptionProjection,
    SubscriptionsService,
    OverduePaymentService,
    LegacyPlans,
  ],
  exports: [SubscriptionProjection, SubscriptionsService],
})
export class SubscriptionsModule {}
