import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CreditPurchasesRepository } from './credit-purchases.repository';
import { CreditPurchasesService } from './credit-purchases.service';
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
  controllers: [CreditsController, CreditsAdminController, CreditsListener],
  providers: [
    CreditsRepository,
    CreditReservationsRepository,
    CreditPurchasesRepository,
    CreditsService,
    CreditPurchasesService,
    CreditReservationSweep,
  ],
  exports: [CreditsService, CreditPurchasesService],
})
export class CreditsModule {}
