import { Module } from '@nestjs/common';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { CreditsModule } from './credits/credits.module';
import { HostingModule } from './hosting/hosting.module';
import { ImmersiveExtensionsModule } from './immersive-extensions/immersive-extensions.module';
import { InvoicesModule } from './invoices/invoices.module';
import { OffersModule } from './offers/offers.module';
import { CustomerPortalModule } from './portal/customer-portal.module';
import { ReconciliationModule } from './reconciliation/reconciliation.module';
import { PaymentsModule } from './payments/payments.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { VouchersModule } from './vouchers/vouchers.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** Billing's feature modules; the payments port (the one Stripe client behind it) is global to them. */
@Module({
  imports: [
    PaymentsModule,
    CatalogueModule,
    AccountsModule,
    SubscriptionsModule,
    ImmersiveExtensionsModule,
    CreditsModule,
    VouchersModule,
    OffersModule,
    InvoicesModule,
    HostingModule,
    CustomerPortalModule,
    WebhooksModule,
    ReconciliationModule,
    AdminModule,
  ],
})
export class BillingModule {}
