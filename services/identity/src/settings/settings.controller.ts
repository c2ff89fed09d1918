import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { PageQuery, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import {
  ChangeSubdomain,
  ProviderSettingsResponse,
  ProviderUserResponse,
  ToggleAutoPopulateModels,
} from './settings.dto';
import { SettingsService } from './settings.service';

/** Provider-side people read the settings; the provider's admins change them. */
@Controller('provider')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('settings')
  @Roles('admin', 'scan_technician', 'member')
  @Responds(ProviderSettingsResponse)
  show(@ProviderId() providerId: string): Promise<ProviderSettingsResponse> {
    return this.settings.settings(providerId);
  }

  @Get('settings/users')
  @Roles('admin', 'scan_technician', 'member')
  @Responds({ page: ProviderUserResponse })
  users(@ProviderId() providerId: string, @Query() query: PageQuery): Promise<Page<ProviderUserResponse>> {
    return this.settings.users(providerId, query);
  }

  @Post('subdomains')
  @Roles('admin')
  @HttpCode(200)
  @Responds(ProviderSettingsResponse)
  changeSubdomain(
    @ProviderId() providerId: string,
    @Body() body: ChangeSubdomain,
  ): Promise<ProviderSettingsResponse> {
    return this.settings.changeSubdomain(providerId, body.subdomain);
  }

  @Post('settings/toggle_auto_populate_models')
  @Roles('admin')
  @HttpCode(200)
  @Responds(ProviderSettingsResponse)
  toggleAutoPopulateModels(
    @ProviderId() providerId: string,
    @Body() body: ToggleAutoPopulateModels,
  ): Promise<ProviderSettingsResponse> {
    return this.settings.setAutoPopulateModels(providerId, body.autoPopulateModels);
  }
}
