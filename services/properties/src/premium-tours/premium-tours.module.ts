import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { PremiumTourPayments } from './premium-tour-payments';
import { PremiumToursListener } from './premium-tours.listener';
import { PremiumToursService } from './premium-tours.service';

/** The plan's rules on the provider's tours (billing's events), and billing's side of pay-and-publish. */
@Module({
  imports: [PlansModule, PropertiesDataModule],
  controllers: [PremiumToursListener],
  providers: [PremiumToursService, PremiumTourPayments],
  exports: [PremiumToursService, PremiumTourPayments],
})
export class PremiumToursModule {}
