import { Module } from '@nestjs/common';
import { ReferralLinkController, ReferralsAdminController } from './referrals.controller';
import { ReferralsRepository } from './referrals.repository';
import { ReferralsService } from './referrals.service';

@Module({
  controllers: [ReferralsAdminController, ReferralLinkController],
  providers: [ReferralsService, ReferralsRepository],
  exports: [ReferralsRepository],
})
export class ReferralsModule {}
