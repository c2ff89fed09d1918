import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CreditBundlesAdminController } from './credit-bundles-admin.controller';
import { CreditPurchasesRepository } from './credit-purchases.repository';
import { CreditPurchasesService } from './credit-purchases.service';
import { CreditRefundsRepository } from './credit-refunds.repository';
import { CreditRefundsService } from './credit-refunds.service';
import { CreditReservationSweep } from './credit-reservation-sweep.service';
import { CreditReservationsRepository } from './credit-reservations.repository';
import { CreditsAdminController } from './credits-admin.controller';
import { CreditsController } from './credits.controller';
import { CreditsListener } from './credits.listener';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';

/** Credits: the ledger, purchases with Stripe, other services' reservations, and the admin's adjustments. */
@Module({
  imports: [AccountsModule],
  controllers: [CreditsController, CreditsAdminController, CreditBundlesAdminController, CreditsListener],
  providers: [
    CreditsRepository,
    CreditReservationsRepository,
    CreditPurchasesRepository,
    CreditsService,
    CreditPurchasesService,
    CreditRefundsRepository,
    CreditRefundsService,
    CreditReservationSweep,
  ],
  exports: [CreditsService, CreditPurchasesService, CreditRefundsService],
})
export class CreditsModule {}
