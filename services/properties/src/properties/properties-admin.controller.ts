import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IdParam, Responds, Staff, TakesNoBody, type Page } from '@tourly/platform';
import {
  MatterportModelResponse,
  ProviderSearchQuery,
  PropertiesQuery,
  PropertyResponse,
} from './properties.dto';
import { PROPERTY_NOT_FOUND, PROVIDER_NOT_FOUND } from './property-scope';
import { PropertiesService } from './properties.service';

/**
 * The back office (002 §7 Administrator): a provider's properties as its own list shows them, the scan models of
 * live properties for the pickers, and restoring what a provider deleted by mistake.
 */
@Controller('admin')
@Staff('platform_admin')
export class AdminPropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  /**
   * The provider's live properties, the provider's own list (search, filters, paging). Properties does not keep the
   * list of providers: an unknown provider is one without properties, an empty page.
   */
  @Get('providers/:id/properties')
  @Responds({ page: PropertyResponse })
  list(
    @Param('id', IdParam(PROVIDER_NOT_FOUND)) providerId: string,
    @Query() query: PropertiesQuery,
  ): Promise<Page<PropertyResponse>> {
    return this.properties.list(providerId, query);
  }

  @Get('matterport_models.json')
  @Responds({ page: MatterportModelResponse })
  models(@Query() query: ProviderSearchQuery): Promise<Page<MatterportModelResponse>> {
    return this.properties.models(query);
  }

  @Post('properties/:id/restore')
  @TakesNoBody()
  @HttpCode(200)
  @Responds(PropertyResponse)
  restore(@Param('id', IdParam(PROPERTY_NOT_FOUND)) id: string): Promise<PropertyResponse> {
    return this.properties.restore(id);
  }
}
