import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { LeadsService } from './leads.service';

/** A lead is mailed from its event, so a mail outage delays the e-mails rather than losing them. */
@Controller()
export class LeadsListener {
  constructor(private readonly leads: LeadsService) {}

  @EventPattern('properties.lead.received.v1')
  onLeadReceived(
    @Payload() event: EventEnvelope<'properties.lead.received.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    return this.leads.mail(event.data);
  }
}
