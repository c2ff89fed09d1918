import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { SessionsModule } from '../sessions/sessions.module';
import { OAuthTokensRepository } from './oauth-tokens.repository';
import { OAuthController } from './oauth.controller';
import { OAuthService } from './oauth.service';

@Module({
  imports: [SessionsModule, ApiKeysModule],
  controllers: [OAuthController],
  providers: [OAuthService, OAuthTokensRepository],
  exports: [OAuthService, OAuthTokensRepository],
})
export class OAuthModule {}
