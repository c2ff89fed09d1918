import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Public, RawResponse, Responds } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAuthErrorResponse, RevokeRequest, RevokedResponse, TokenRequest, TokenResponse } from './oauth.dto';
import { OAuthError, OAuthService } from './oauth.service';

/**
 * The OAuth 2 endpoints answer as RFC 6749 and RFC 7009 say (`{access_token, ...}` or `{error,
 * error_description}`, never cached), not in the API's `{data}` envelope: OAuth client libraries expect that.
 * Bodies may be form-encoded (the RFC's way) or JSON.
 */
@Controller('oauth')
@Public()
@RawResponse()
@ApiBadRequestResponse({ type: OAuthErrorResponse, description: 'RFC 6749 §5.2' })
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  @Post('token')
  @HttpCode(200)
  @Responds(TokenResponse)
  @ApiUnauthorizedResponse({ type: OAuthErrorResponse, description: 'invalid_client' })
  async token(
    @Body() body: TokenRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenResponse | OAuthErrorResponse> {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    try {
      const issued = await this.oauth.token(body, request.ip);
      return {
        access_token: issued.accessToken,
        token_type: issued.tokenType,
        expires_in: issued.expiresIn,
        ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
        scope: issued.scope,
      };
    } catch (error) {
      return this.refuse(error, reply);
    }
  }

  @Post('revoke')
  @HttpCode(200)
  @Responds(RevokedResponse)
  async revoke(
    @Body() body: RevokeRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RevokedResponse | OAuthErrorResponse> {
    try {
      await this.oauth.revoke(body.token);
      return {};
    } catch (error) {
      return this.refuse(error, reply);
    }
  }

  private refuse(error: unknown, reply: FastifyReply): OAuthErrorResponse {
    if (!(error instanceof OAuthError)) throw error;
    void reply.status(error.status);
    if (error.status === 401) void reply.header('www-authenticate', 'Basic realm="oauth"');
    return { error: error.error, error_description: error.description };
  }
}
