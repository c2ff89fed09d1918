import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ProviderId, Roles } from '@tourly/platform';
import { UpdateContacts } from './media.dto';
import { ContactsService } from './contacts.service';

/** 001 §7 `PATCH /contacts (agentIds)`: the agents shown with the property. */
@Controller('provider/properties/:id/contacts')
@Roles('admin', 'scan_technician', 'member')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  get(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.contacts.get(providerId, id);
  }

  @Patch()
  update(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdateContacts) {
    return this.contacts.set(providerId, id, body.agentIds);
  }
}
