import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { ClientPortalService } from './client-portal.service';

/** A client deleted in properties: its portal's users and invitations end here. */
@Controller()
export class ClientPortalListener {
  constructor(private readonly portals: ClientPortalService) {}

  @EventPattern('properties.client.deleted.v1')
  onClientDeleted(
    @Payload() event: EventEnvelope<'properties.client.deleted.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    return this.portals.clientDeleted(event.data.providerId, event.data.clientId);
  }
}
