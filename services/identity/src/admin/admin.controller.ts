import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IdParam, PageQuery, Staff } from '@tourly/platform';
import { ChangePrimaryProvider, ProvidersQuery } from './admin.dto';
import { AdminService } from './admin.service';

const id = (what: string) => IdParam(`${what} not found`);

@Controller('admin')
@Staff('platform_admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('providers.json')
  providers(@Query() query: ProvidersQuery) {
    return this.admin.providers(query);
  }

  @Get('providers/:id/users.json')
  providerUsers(@Param('id', id('Provider')) providerId: string, @Query() query: PageQuery) {
    return this.admin.providerUsers(providerId, query);
  }

  @Post('users/:id/change_primary_provider')
  @HttpCode(200)
  changePrimaryProvider(@Param('id', id('User')) userId: string, @Body() body: ChangePrimaryProvider) {
    return this.admin.changePrimaryProvider(userId, body.user.primaryProviderId);
  }
}
