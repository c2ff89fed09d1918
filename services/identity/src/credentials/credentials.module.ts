import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { OAuthModule } from '../oauth/oauth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { CredentialsController } from './credentials.controller';

@Module({ imports: [SessionsModule, ApiKeysModule, OAuthModule], controllers: [CredentialsController] })
export class CredentialsModule {}
