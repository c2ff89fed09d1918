import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SessionCookies } from './cookies';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';
import { SignInFailuresRepository } from './sign-in-failures.repository';

@Module({
  imports: [AccountsModule],
  controllers: [SessionsController],
  providers: [
    SessionsService,
    SessionsRepository,
    SignInAttemptsRepository,
    SignInFailuresRepository,
    SessionCookies,
  ],
  exports: [SessionsService, SignInAttemptsRepository, SignInFailuresRepository, SessionCookies],
})
export class SessionsModule {}
