import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { ContactsResponse, UpdateContacts } from './media.dto';
import { ContactsService } from './contacts.service';

/** 001 §7 `PATCH /contacts (agentIds)`: the agents shown with the property. */
@Controller('provider/properties/:id/contacts')
@Roles('admin', 'scan_technician', 'member')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  @Responds(ContactsResponse)
  get(@ProviderId() providerId: string, @Param('id') id: string): Promise<ContactsResponse> {
    return this.contacts.get(providerId, id);
  }

  @Patch()
  @Responds(ContactsResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateContacts,
  ): Promise<ContactsResponse> {
    return this.contacts.set(providerId, id, body.agentIds);
  }
}
