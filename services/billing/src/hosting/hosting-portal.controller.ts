import { Controller, Get, Query } from '@nestjs/common';
import { ClientScope, PageQuery, Responds, Roles, type Page } from '@tourly/platform';
import { PortalHostingInvoiceResponse } from './hosting.dto';
import { HostingFeesService } from './hosting-fees.service';

/**
 * A client's portal (issue 31) gains its hosting-fee invoices (issue 32): a client user reads the invoices of its
 * provider's hosting customers linked to its client, and pays an open one on Stripe's page. Client users only;
 * another client's invoices, of the same provider or not, are never listed.
 */
@Controller('portal/hosting_fees')
@Roles('client_user')
export class HostingPortalController {
  constructor(private readonly hosting: HostingFeesService) {}

  @Get('invoices')
  @Responds({ page: PortalHostingInvoiceResponse })
  invoices(
    @ClientScope() scope: ClientScope,
    @Query() query: PageQuery,
  ): Promise<Page<PortalHostingInvoiceResponse>> {
    return this.hosting.clientInvoices(scope, query);
  }
}
