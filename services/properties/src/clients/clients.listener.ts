import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CLIENT_PORTAL_CONTACT,
  type ClientPortalContact,
  type ClientPortalContactRequest,
} from '@tourly/contracts';
import { ClientsService } from './clients.service';

/** Request-reply for other services about a provider's clients and contacts. */
@Controller()
export class ClientsListener {
  constructor(private readonly clients: ClientsService) {}

  /** Identity, before inviting a contact into its client's portal: the client, and its contact of the address. */
  @MessagePattern(CLIENT_PORTAL_CONTACT)
  portalContact(@Payload() request: ClientPortalContactRequest): Promise<ClientPortalContact> {
    return this.clients.portalContact(request);
  }
}
