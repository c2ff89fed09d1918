import { Controller, Get, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { CustomerPortalLinkResponse, CustomerPortalQuery } from './customer-portal.dto';
import { CustomerPortalService } from './customer-portal.service';

/** The link to Stripe's customer portal (000 §7: "customer portal take came_from and return_url"). */
@Controller('provider/billing')
export class CustomerPortalController {
  constructor(private readonly portal: CustomerPortalService) {}

  @Get('customer_portal_link')
  @Roles('admin')
  @Responds(CustomerPortalLinkResponse)
  link(
    @ProviderId() providerId: string,
    @Query() query: CustomerPortalQuery,
  ): Promise<CustomerPortalLinkResponse> {
    return this.portal.link(providerId, query);
  }
}
