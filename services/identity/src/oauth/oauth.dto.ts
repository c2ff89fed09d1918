import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalString } from '@tourly/platform';
import type { OAuthError, TokenGrant } from './oauth.service';

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

/**
 * RFC 6749 §5.1, as the RFC names the fields: the token endpoint answers outside the `{data}` envelope and
 * without the platform's case conversion, so these names are the wire's.
 */
export class TokenResponse {
  @ApiProperty()
  access_token!: string;

  @ApiProperty({ enum: ['Bearer'] })
  token_type!: 'Bearer';

  @ApiProperty({ example: 3600 })
  expires_in!: number;

  @ApiPropertyOptional({ description: 'not for client_credentials: the client has its secret' })
  refresh_token?: string;

  @ApiProperty({ description: 'space-separated; api_key for client credentials' })
  scope!: string;
}

/** RFC 7009 §2.2: an empty object, for a known token or not. */
export class RevokedResponse {}

/** RFC 6749 §5.2. */
export class OAuthErrorResponse {
  @ApiProperty({ enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type'] })
  error!: OAuthError['error'];

  @ApiProperty()
  error_description!: string;
}
