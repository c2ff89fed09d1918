import { Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { ImpersonationModule } from './impersonation/impersonation.module';
import { SessionsModule } from './sessions/sessions.module';

@Module({ imports: [SessionsModule, AccessModule, ImpersonationModule] })
export class IdentityModule {}
