import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Caller, IdParam, PageQuery, Responds, Staff, type Page } from '@tourly/platform';
import { ProviderUserResponse } from '../settings/settings.dto';
import {
  ChangePrimaryProvider,
  ContactResponse,
  ContactsQuery,
  PrimaryProviderResponse,
  ProviderSummaryResponse,
  ProvidersQuery,
  UpdateTag,
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

  /** One provider, as a row of the list shows it (react-admin's getOne). */
  @Get('providers/:id')
  @Responds(ProviderSummaryResponse)
  provider(@Param('id', id('Provider')) providerId: string): Promise<ProviderSummaryResponse> {
    return this.admin.provider(providerId);
  }

  @Get('providers/:id/users.json')
  @Responds({ page: ProviderUserResponse })
  providerUsers(
    @Param('id', id('Provider')) providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<ProviderUserResponse>> {
    return this.admin.providerUsers(providerId, query);
  }

  @Post('update_tag.json')
  @HttpCode(200)
  @Responds(ProviderSummaryResponse)
  updateTag(@Caller() caller: Caller, @Body() body: UpdateTag): Promise<ProviderSummaryResponse> {
    return this.admin.updateTag(caller, body);
  }

  @Post('users/:id/change_primary_provider')
  @HttpCode(200)
  @Responds(PrimaryProviderResponse)
  changePrimaryProvider(
    @Caller() caller: Caller,
    @Param('id', id('User')) userId: string,
    @Body() body: ChangePrimaryProvider,
  ): Promise<PrimaryProviderResponse> {
    return this.admin.changePrimaryProvider(caller, userId, body.user.primaryProviderId);
  }

  /** The people a searchable select offers (001 §7's list sources). */
  @Get('contacts.json')
  @Responds({ page: ContactResponse })
  contacts(@Query() query: ContactsQuery): Promise<Page<ContactResponse>> {
    return this.admin.contacts(query);
  }
}
