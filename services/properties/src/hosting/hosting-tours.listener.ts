import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import type { EventContext } from '@tourly/platform';
import { HostingToursService } from './hosting-tours.service';

/** What the autopilot learns from billing: invoices overdue, paid or voided. */
@Controller()
export class HostingToursListener {
  constructor(private readonly hosting: HostingToursService) {}

  @EventPattern('billing.hosting.invoice.overdue.v1')
  async onOverdue(
    @Payload() event: EventEnvelope<'billing.hosting.invoice.overdue.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.hosting.overdue(event.data, context.tx);
  }

  /** Paid (the `.paid.v1` event says the same, in the same billing transaction) or voided. */
  @EventPattern('billing.hosting.invoice.changed.v1')
  async onInvoiceChanged(
    @Payload() event: EventEnvelope<'billing.hosting.invoice.changed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.hosting.invoiceChanged(event.data, context.tx);
  }
}
