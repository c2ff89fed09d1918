import { OptionalString } from '@tourly/platform';
import type { TokenGrant } from './oauth.service';

/** RFC 6749 §4.3, §4.4, §6: form-encoded or JSON; which fields a grant needs is the service's to say. */
export class TokenRequest implements TokenGrant {
  @OptionalString(40)
  grantType?: string;

  @OptionalString(255)
  username?: string;

  @OptionalString(200)
  password?: string;

  @OptionalString(255)
  clientId?: string;

  @OptionalString(255)
  clientSecret?: string;

  @OptionalString(255)
  refreshToken?: string;

  @OptionalString(255)
  scope?: string;
}

/** RFC 7009 §2.1. */
export class RevokeRequest {
  @OptionalString(255)
  token?: string;

  @OptionalString(40)
  tokenTypeHint?: string;
}
