import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SessionCookies } from './cookies';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';

@Module({
  imports: [AccountsModule],
  controllers: [SessionsController],
  providers: [SessionsService, SessionsRepository, SignInAttemptsRepository, SessionCookies],
  exports: [SessionsService, SignInAttemptsRepository, SessionCookies],
})
export class SessionsModule {}
