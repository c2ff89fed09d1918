import { Controller, Get, Query } from '@nestjs/common';
import { pageOf, Responds, Staff, type Page } from '@tourly/platform';
import { ProviderSearchQuery } from '../properties/properties.dto';
import { ProviderClientResponse } from './provider-clients.dto';

/**
 * The provider clients picker's list source in the back office (002 §7 Administrator). Provider clients do not exist
 * in the platform yet: the route answers an empty page (its query checked), and fills once clients are built.
 */
@Controller('admin/provider_clients.json')
@Staff('platform_admin')
export class ProviderClientsAdminController {
  @Get()
  @Responds({ page: ProviderClientResponse })
  list(@Query() query: ProviderSearchQuery): Page<ProviderClientResponse> {
    return pageOf<ProviderClientResponse>([], 0, query);
  }
}
