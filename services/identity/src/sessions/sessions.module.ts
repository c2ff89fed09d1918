import { Module } from '@nestjs/common';
import { SessionCookies } from './cookies';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';

@Module({
  controllers: [SessionsController],
  providers: [SessionsService, SessionCookies],
  exports: [SessionsService, SessionCookies],
})
export class SessionsModule {}
