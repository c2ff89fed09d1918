import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { Public, RawResponse } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RevokeRequest, TokenRequest } from './oauth.dto';
import { OAuthError, OAuthService } from './oauth.service';

/**
 * The OAuth 2 endpoints answer as RFC 6749 and RFC 7009 say (`{access_token, ...}` or `{error,
 * error_description}`, never cached), not in the API's `{data}` envelope: OAuth client libraries expect that.
 * Bodies may be form-encoded (the RFC's way) or JSON.
 */
@Controller('oauth')
@Public()
@RawResponse()
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  @Post('token')
  @HttpCode(200)
  async token(
    @Body() body: TokenRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
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
  async revoke(@Body() body: RevokeRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      await this.oauth.revoke(body.token);
      return {};
    } catch (error) {
      return this.refuse(error, reply);
    }
  }

  private refuse(error: unknown, reply: FastifyReply) {
    if (!(error instanceof OAuthError)) throw error;
    void reply.status(error.status);
    if (error.status === 401) void reply.header('www-authenticate', 'Basic realm="oauth"');
    return { error: error.error, error_description: error.description };
  }
}
