import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { OffersAdminController } from './offers-admin.controller';
import { OffersController } from './offers.controller';
import { OffersListener } from './offers.listener';
import { OffersRepository } from './offers.repository';
import { OffersService } from './offers.service';

/** Offers: the admin's definitions, the provider's redeemable list, and the events that give them. */
@Module({
  imports: [CreditsModule],
  controllers: [OffersController, OffersAdminController, OffersListener],
  providers: [OffersRepository, OffersService],
})
export class OffersModule {}
