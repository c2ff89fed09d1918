import { Module } from '@nestjs/common';
import { BillingAccountsController } from './accounts/billing-accounts.controller';
import { BillingAccountsService } from './accounts/billing-accounts.service';
import { AdminBillingController } from './admin/admin-billing.controller';
import { CatalogueController } from './catalogue/catalogue.controller';
import { CatalogueService } from './catalogue/catalogue.service';
import { ImmersiveExtensionsController } from './immersive-extensions/immersive-extensions.controller';
import { ImmersiveExtensionsService } from './immersive-extensions/immersive-extensions.service';
import { StripeEventRetry } from './reconciliation/stripe-event-retry';
import { StripeReconciliation } from './reconciliation/stripe-reconciliation';
import { StripeModule } from './stripe/stripe.module';
import { LegacyPlans } from './subscriptions/legacy-plans.service';
import { OverduePaymentService } from './subscriptions/overdue-payment.service';
import { SubscriptionProjection } from './subscriptions/subscription-projection';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { StripeWebhooksController } from './webhooks/stripe-webhooks.controller';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service';
import { WebhookVersionCheck } from './webhooks/webhook-version.check';

@Module({
  imports: [StripeModule],
  controllers: [
    CatalogueController,
    BillingAccountsController,
    SubscriptionsController,
    StripeWebhooksController,
    AdminBillingController,
    ImmersiveExtensionsController,
  ],
  providers: [
    CatalogueService,
    BillingAccountsService,
    SubscriptionProjection,
    SubscriptionsService,
    OverduePaymentService,
    LegacyPlans,
    StripeWebhooksService,
    ImmersiveExtensionsService,
    WebhookVersionCheck,
    StripeEventRetry,
    StripeReconciliation,
  ],
})
export class BillingModule {}
