import { Controller, Get, Query } from '@nestjs/common';
import { PageQuery, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { InvoiceResponse, UpcomingInvoiceQuery, UpcomingInvoiceResponse } from './invoices.dto';
import { InvoicesService } from './invoices.service';

/** The provider's Stripe invoices and its plan's next one (000 §2 "invoices", §7). */
@Controller('provider/billing')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get('invoices.json')
  @Roles('admin')
  @Responds({ page: InvoiceResponse })
  list(@ProviderId() providerId: string, @Query() query: PageQuery): Promise<Page<InvoiceResponse>> {
    return this.invoices.list(providerId, query);
  }

  @Get('account/fetch_upcoming_invoice_details.json')
  @Roles('admin')
  @Responds(UpcomingInvoiceResponse, { nullable: true })
  upcoming(
    @ProviderId() providerId: string,
    @Query() query: UpcomingInvoiceQuery,
  ): Promise<UpcomingInvoiceResponse | null> {
    return this.invoices.upcoming(providerId, query.subscriptionType);
  }
}
