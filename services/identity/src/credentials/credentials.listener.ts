import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RESOLVE_CREDENTIALS,
  type ResolveCredentialsRequest,
  type ResolvedCredentials,
} from '@tourly/contracts';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { OAuthService } from '../oauth/oauth.service';
import { SessionsService } from '../sessions/sessions.service';

/** Request-reply for the gateway: who a session token, API key or OAuth access token belongs to. */
@Controller()
export class CredentialsListener {
  constructor(
    private readonly sessions: SessionsService,
    private readonly apiKeys: ApiKeysService,
    private readonly oauth: OAuthService,
  ) {}

  @MessagePattern(RESOLVE_CREDENTIALS)
  resolve(@Payload() request: ResolveCredentialsRequest): Promise<ResolvedCredentials> {
    if ('apiKey' in request) return this.apiKeys.resolve(request.apiKey);
    if ('accessToken' in request) return this.oauth.resolve(request.accessToken);
    return this.sessions.resolve(request.sessionToken);
  }
}
