import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { VouchersAdminController } from './vouchers-admin.controller';
import { VouchersController } from './vouchers.controller';
import { VouchersRepository } from './vouchers.repository';
import { VouchersService } from './vouchers.service';

/**
 * Vouchers: the admin's codes and providers' redemptions. Credits vouchers grant through the credits ledger; the
 * discount of a discount voucher is claimed and used by credits' purchases.
 */
@Module({
  imports: [CreditsModule],
  controllers: [VouchersAdminController, VouchersController],
  providers: [VouchersRepository, VouchersService],
})
export class VouchersModule {}
