import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AccessController } from './access.controller';
import { AccessService } from './access.service';

@Module({
  imports: [AccountsModule, SessionsModule],
  controllers: [AccessController],
  providers: [AccessService],
})
export class AccessModule {}
