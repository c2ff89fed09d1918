import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AccessLogController } from './access-log.controller';
import { ImpersonationController } from './impersonation.controller';
import { ImpersonationService } from './impersonation.service';
import { ImpersonationsRepository } from './impersonations.repository';

@Module({
  imports: [AccountsModule, SessionsModule],
  controllers: [ImpersonationController, AccessLogController],
  providers: [ImpersonationService, ImpersonationsRepository],
})
export class ImpersonationModule {}
