import { Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { SessionsModule } from './sessions/sessions.module';

@Module({ imports: [SessionsModule, AccessModule] })
export class IdentityModule {}
