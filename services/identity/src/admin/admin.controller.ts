import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IdParam, PageQuery, Responds, Staff, type Page } from '@tourly/platform';
import { ProviderUserResponse } from '../settings/settings.dto';
import {
  ChangePrimaryProvider,
  PrimaryProviderResponse,
  ProviderSummaryResponse,
  ProvidersQuery,
} from './admin.dto';
import { AdminService } from './admin.service';

const id = (what: string) => IdParam(`${what} not found`);

@Controller('admin')
@Staff('platform_admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('providers.json')
  @Responds({ page: ProviderSummaryResponse })
  providers(@Query() query: ProvidersQuery): Promise<Page<ProviderSummaryResponse>> {
    return this.admin.providers(query);
  }

  @Get('providers/:id/users.json')
  @Responds({ page: ProviderUserResponse })
  providerUsers(
    @Param('id', id('Provider')) providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<ProviderUserResponse>> {
    return this.admin.providerUsers(providerId, query);
  }

  @Post('users/:id/change_primary_provider')
  @HttpCode(200)
  @Responds(PrimaryProviderResponse)
  changePrimaryProvider(
    @Param('id', id('User')) userId: string,
    @Body() body: ChangePrimaryProvider,
  ): Promise<PrimaryProviderResponse> {
    return this.admin.changePrimaryProvider(userId, body.user.primaryProviderId);
  }
}
