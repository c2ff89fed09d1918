import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, NotWhileImpersonating, RawResponse, Responds, Roles } from '@tourly/platform';
import { AuthUrlResponse, CallbackQuery } from './matterport.dto';
import { MatterportService } from './matterport.service';

/**
 * Connecting the provider's own Matterport account (002 §7 names `auth_url`): the provider's admins start the
 * authorisation, and Matterport sends the browser back to the callback. An administrator impersonating the provider
 * may not: the account connected would be the one they sign in to at Matterport, on the provider's behalf.
 */
@Controller('api/integrations/matterport')
@Roles('admin')
@NotWhileImpersonating()
export class MatterportIntegrationController {
  constructor(private readonly matterport: MatterportService) {}

  @Get('auth_url')
  @Responds(AuthUrlResponse)
  authUrl(
    @Caller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUrlResponse> {
    void reply.header('cache-control', 'no-store');
    return this.matterport.authUrl(caller);
  }

  /**
   * Where Matterport's page sends the browser (a navigation, never an API call, so outside the API document):
   * always a 302 to the settings page, `?matterport=connected` or `?matterport=failed&reason=…`.
   */
  @Get('callback')
  @RawResponse()
  @ApiExcludeEndpoint()
  async callback(
    @Caller() caller: Caller,
    @Query() query: CallbackQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const location = await this.matterport.callback(caller, query);
    await reply.code(302).header('location', location).header('cache-control', 'no-store').send();
  }
}
