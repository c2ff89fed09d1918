import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { ContactConfirmationsService } from './contact-confirmations.service';

/** A new account is sent its first code (from the event, so a mail outage delays it rather than losing it). */
@Controller()
export class ContactConfirmationsListener {
  constructor(private readonly confirmations: ContactConfirmationsService) {}

  @EventPattern('identity.user.created.v1')
  onUserCreated(
    @Payload() event: EventEnvelope<'identity.user.created.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    return this.confirmations.welcome(event.data.userId);
  }
}
