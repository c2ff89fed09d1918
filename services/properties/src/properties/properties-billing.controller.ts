import { Controller, Get, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { PropertiesQuery, PropertyResponse } from './properties.dto';
import { PropertiesService } from './properties.service';

/** The billing page's "premium tours" section (000 §4): which tours take the plan's places, and which are paid apart. */
@Controller('provider/billing/premium_tours')
@Roles('admin')
export class BillingPremiumToursController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @Responds({ page: PropertyResponse })
  list(@ProviderId() providerId: string, @Query() query: PropertiesQuery): Promise<Page<PropertyResponse>> {
    query.filters = { ...query.filters, tourType: 'premium' };
    return this.properties.list(providerId, query);
  }
}
