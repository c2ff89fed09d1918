import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, NotWhileImpersonating, ProviderId, RawResponse, Responds, Roles } from '@tourly/platform';
import { SketchfabConnectionService } from './sketchfab-connection.service';
import { SketchfabImportService } from './sketchfab-import.service';
import { SketchfabSearchService } from './sketchfab-search.service';
import {
  AccountExistsResponse,
  AuthUrlQuery,
  AuthUrlResponse,
  SketchfabCallbackQuery,
  SketchfabModelRef,
  SketchfabModelResponse,
  SketchfabSearchQuery,
  SketchfabSearchResponse,
} from './sketchfab.dto';

/**
 * 002 §7 "Provider: staging and Sketchfab", the integration's half: connecting the provider's Sketchfab account from
 * the staging editor (`auth_url`, then Sketchfab's callback), whether it has one (`account_exists.json`), and a model's
 * details before importing it (`download`). Connecting is for the provider's admins and scan technicians (who stage),
 * never an administrator impersonating them (the account would be the one they sign in to at Sketchfab).
 */
@Controller('api/integrations/sketchfab')
@Roles('admin', 'scan_technician')
export class SketchfabIntegrationController {
  constructor(
    private readonly connections: SketchfabConnectionService,
    private readonly imports: SketchfabImportService,
    private readonly searches: SketchfabSearchService,
  ) {}

  @Get('auth_url')
  @NotWhileImpersonating()
  @Responds(AuthUrlResponse)
  authUrl(
    @Caller() caller: Caller,
    @Query() query: AuthUrlQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUrlResponse> {
    void reply.header('cache-control', 'no-store');
    return this.connections.authUrl(caller, query.propertyId);
  }

  /**
   * Where Sketchfab's page sends the browser (a navigation, never an API call, so outside the API document): always a
   * 302 to the property's staging editor, `?sketchfab=connected` or `?sketchfab=failed&reason=…`.
   */
  @Get('callback')
  @NotWhileImpersonating()
  @RawResponse()
  @ApiExcludeEndpoint()
  async callback(
    @Caller() caller: Caller,
    @Query() query: SketchfabCallbackQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const location = await this.connections.callback(caller, query);
    await reply.code(302).header('location', location).header('cache-control', 'no-store').send();
  }

  @Get('account_exists.json')
  @Roles('admin', 'scan_technician', 'member')
  @Responds(AccountExistsResponse)
  accountExists(@ProviderId() providerId: string): Promise<AccountExistsResponse> {
    return this.connections.accountExists(providerId);
  }

  /** The model's details and whether it can be imported (nothing is downloaded; no connection needed). */
  @Get('download')
  @Roles('admin', 'scan_technician', 'member')
  @Responds(SketchfabModelResponse)
  details(
    @ProviderId() providerId: string,
    @Query() query: SketchfabModelRef,
  ): Promise<SketchfabModelResponse> {
    return this.imports.details(providerId, query.uid);
  }

  /**
   * Sketchfab's downloadable models matching `q`, a page at a time (`next_cursor`), each importable or refused in
   * words. Not in the spec (services/properties README, "Sketchfab imports"); no connection needed, the creator studio is.
   */
  @Get('search.json')
  @Roles('admin', 'scan_technician', 'member')
  @Responds(SketchfabSearchResponse)
  search(
    @ProviderId() providerId: string,
    @Query() query: SketchfabSearchQuery,
  ): Promise<SketchfabSearchResponse> {
    return this.searches.search(providerId, query.q, query.cursor || null);
  }
}
