import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { HostingModule } from '../hosting/hosting.module';
import { ImmersiveExtensionsModule } from '../immersive-extensions/immersive-extensions.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { StripeReconciliation } from './reconciliation.service';
import { StripeEventRetry } from './stripe-event-retry.service';

/** What webhooks failed to tell: stored events processed again, and the periodic walk against Stripe. */
@Module({
  imports: [AccountsModule, SubscriptionsModule, ImmersiveExtensionsModule, HostingModule, WebhooksModule],
  providers: [StripeEventRetry, StripeReconciliation],
})
export class ReconciliationModule {}
