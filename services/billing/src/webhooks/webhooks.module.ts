import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CreditsModule } from '../credits/credits.module';
import { HostingModule } from '../hosting/hosting.module';
import { ImmersiveExtensionsModule } from '../immersive-extensions/immersive-extensions.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { StripeEventsRepository } from './stripe-events.repository';
import { StripeWebhooksController } from './stripe-webhooks.controller';
import { StripeWebhooksListener } from './stripe-webhooks.listener';
import { StripeWebhooksService } from './stripe-webhooks.service';
import { WebhookVersionCheck } from './webhook-version.check';

/**
 * Stripe's webhooks, the platform account's and the connected accounts' (Connect): intake (signed, stored once,
 * queued) and processing from the queue.
 */
@Module({
  imports: [AccountsModule, SubscriptionsModule, ImmersiveExtensionsModule, CreditsModule, HostingModule],
  controllers: [StripeWebhooksController, StripeWebhooksListener],
  providers: [StripeEventsRepository, StripeWebhooksService, WebhookVersionCheck],
  exports: [StripeEventsRepository, StripeWebhooksService],
})
export class WebhooksModule {}
