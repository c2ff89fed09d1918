import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { IdParam, PageQuery, ProviderId, Responds, Roles, Staff, type Page } from '@tourly/platform';
import { PropertiesQuery, PropertyResponse, ProviderSearchQuery } from '../properties/properties.dto';
import { PropertiesService } from '../properties/properties.service';
import {
  AdminClientResponse,
  CLIENT_NOT_FOUND,
  CONTACT_NOT_FOUND,
  ClientResponse,
  ClientsQuery,
  ContactResponse,
  ContactsQuery,
  DeletedResponse,
  SaveClient,
  SaveContact,
} from './clients.dto';
import { ClientsService } from './clients.service';

/** 002 §7 "Provider: bookings, contacts, clients": the agencies a provider works for. */
@Controller('provider/clients')
@Roles('admin', 'scan_technician', 'member')
export class ProviderClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly properties: PropertiesService,
  ) {}

  @Get()
  @Responds({ page: ClientResponse })
  list(@ProviderId() providerId: string, @Query() query: ClientsQuery): Promise<Page<ClientResponse>> {
    return this.clients.clients(providerId, query);
  }

  @Post('create_from_dashboard')
  @Responds(ClientResponse)
  create(@ProviderId() providerId: string, @Body() body: SaveClient): Promise<ClientResponse> {
    return this.clients.createClient(providerId, body.clientForm);
  }

  @Get(':id')
  @Responds(ClientResponse)
  get(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CLIENT_NOT_FOUND)) id: string,
  ): Promise<ClientResponse> {
    return this.clients.client(providerId, id);
  }

  @Put(':id')
  @Responds(ClientResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CLIENT_NOT_FOUND)) id: string,
    @Body() body: SaveClient,
  ): Promise<ClientResponse> {
    return this.clients.updateClient(providerId, id, body.clientForm);
  }

  @Delete(':id')
  @Responds(DeletedResponse)
  remove(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CLIENT_NOT_FOUND)) id: string,
  ): Promise<DeletedResponse> {
    return this.clients.deleteClient(providerId, id);
  }

  /** The client's properties, as the provider's own list shows them (newest first). */
  @Get(':id/properties')
  @Responds({ page: PropertyResponse })
  async clientProperties(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CLIENT_NOT_FOUND)) id: string,
    @Query() query: PageQuery,
  ): Promise<Page<PropertyResponse>> {
    await this.clients.client(providerId, id);
    const list = Object.assign(new PropertiesQuery(), {
      page: query.page,
      pageSize: query.pageSize,
      filters: { providerClientId: id },
    });
    return this.properties.list(providerId, list);
  }
}

/** 002 §7: the people a provider works with who are not its users (an agency's agents). */
@Controller('provider/contacts')
@Roles('admin', 'scan_technician', 'member')
export class ProviderContactsController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  @Responds({ page: ContactResponse })
  list(@ProviderId() providerId: string, @Query() query: ContactsQuery): Promise<Page<ContactResponse>> {
    return this.clients.contacts(providerId, query);
  }

  @Post('create_from_dashboard')
  @Responds(ContactResponse)
  create(@ProviderId() providerId: string, @Body() body: SaveContact): Promise<ContactResponse> {
    return this.clients.createContact(providerId, body.contact);
  }

  @Get(':id')
  @Responds(ContactResponse)
  get(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CONTACT_NOT_FOUND)) id: string,
  ): Promise<ContactResponse> {
    return this.clients.contact(providerId, id);
  }

  @Put(':id')
  @Responds(ContactResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CONTACT_NOT_FOUND)) id: string,
    @Body() body: SaveContact,
  ): Promise<ContactResponse> {
    return this.clients.updateContact(providerId, id, body.contact);
  }

  @Delete(':id')
  @Responds(DeletedResponse)
  remove(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CONTACT_NOT_FOUND)) id: string,
  ): Promise<DeletedResponse> {
    return this.clients.deleteContact(providerId, id);
  }
}

/** The provider clients picker's list source in the back office (002 §7 Administrator). */
@Controller('admin/provider_clients.json')
@Staff('platform_admin')
export class ProviderClientsAdminController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  @Responds({ page: AdminClientResponse })
  list(@Query() query: ProviderSearchQuery): Promise<Page<AdminClientResponse>> {
    return this.clients.everyProvidersClients(query);
  }
}
