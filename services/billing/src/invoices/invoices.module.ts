import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';

/** The provider's invoices, read from Stripe. */
@Module({
  imports: [AccountsModule],
  controllers: [InvoicesController],
  providers: [InvoicesService],
})
export class InvoicesModule {}
