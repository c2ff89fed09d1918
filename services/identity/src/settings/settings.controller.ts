import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { PageQuery, ProviderId, Roles } from '@tourly/platform';
import { ChangeSubdomain, ToggleAutoPopulateModels } from './settings.dto';
import { SettingsService } from './settings.service';

/** Provider-side people read the settings; the provider's admins change them. */
@Controller('provider')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('settings')
  @Roles('admin', 'scan_technician', 'member')
  show(@ProviderId() providerId: string) {
    return this.settings.settings(providerId);
  }

  @Get('settings/users')
  @Roles('admin', 'scan_technician', 'member')
  users(@ProviderId() providerId: string, @Query() query: PageQuery) {
    return this.settings.users(providerId, query);
  }

  @Post('subdomains')
  @Roles('admin')
  @HttpCode(200)
  changeSubdomain(@ProviderId() providerId: string, @Body() body: ChangeSubdomain) {
    return this.settings.changeSubdomain(providerId, body.subdomain);
  }

  @Post('settings/toggle_auto_populate_models')
  @Roles('admin')
  @HttpCode(200)
  toggleAutoPopulateModels(@ProviderId() providerId: string, @Body() body: ToggleAutoPopulateModels) {
    return this.settings.setAutoPopulateModels(providerId, body.autoPopulateModels);
  }
}
