import { Controller, HttpCode, Post } from '@nestjs/common';
import { API_KEY_SCOPE, IMPERSONATION_SECRETS_FORBIDDEN } from '@tourly/contracts';
import {
  ApiError,
  Caller,
  NotWhileImpersonating,
  ProviderId,
  Responds,
  Roles,
  TakesNoBody,
} from '@tourly/platform';
import { NewApiKeyResponse } from './api-keys.dto';
import { ApiKeysService } from './api-keys.service';

@Controller('provider/settings')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  /** Only the provider's own admins, never an admin impersonating them, and never with an API key itself. */
  @Post('regenerate_api_key')
  @TakesNoBody()
  @Roles('admin')
  @NotWhileImpersonating(IMPERSONATION_SECRETS_FORBIDDEN)
  @HttpCode(200)
  @Responds(NewApiKeyResponse)
  regenerate(@ProviderId() providerId: string, @Caller() caller: Caller): Promise<NewApiKeyResponse> {
    if (caller.scopes.includes(API_KEY_SCOPE)) {
      throw ApiError.forbidden(
        'An API key cannot replace itself; sign in as an admin of the provider to do this.',
      );
    }
    return this.apiKeys.regenerate(providerId, caller.userId as string);
  }
}
