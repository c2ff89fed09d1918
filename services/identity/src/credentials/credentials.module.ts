import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { OAuthModule } from '../oauth/oauth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { CredentialsListener } from './credentials.listener';

@Module({ imports: [SessionsModule, ApiKeysModule, OAuthModule], controllers: [CredentialsListener] })
export class CredentialsModule {}
