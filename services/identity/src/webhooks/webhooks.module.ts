import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhooksController } from './webhooks.controller';
import { WebhooksListener } from './webhooks.listener';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Outgoing webhooks: the developer settings, the events turned into deliveries, and the dispatcher sending them. */
@Module({
  imports: [AccountsModule, MailModule],
  controllers: [WebhooksController, WebhooksListener],
  providers: [WebhooksService, WebhooksRepository, WebhookDispatcher],
})
export class WebhooksModule {}
