import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  Database,
  EventBus,
  isUniqueViolation,
  isUuid,
  likePattern,
  pageWithTotal,
  uuidv7,
  type Page,
  type Queryable,
} from '@tourly/platform';
import type { ClientPortalContact, ClientPortalContactRequest } from '@tourly/contracts';
import type { ProviderSearchQuery } from '../properties/properties.dto';
import {
  CLIENT_NOT_FOUND,
  CONTACT_NOT_FOUND,
  EMAIL_TAKEN,
  NOT_A_CLIENT,
  type AdminClientResponse,
  type ClientForm,
  type ClientResponse,
  type ClientsQuery,
  type ContactForm,
  type ContactResponse,
  type ContactsQuery,
} from './clients.dto';
import { ClientsRepository, type ClientValues, type ContactValues } from './clients.repository';

/**
 * The provider's clients (the agencies it works for) and contacts (the people it works with who are not its users:
 * an agency's agents). Every read and write filters on the provider: another provider's id is a 404.
 */
@Injectable()
export class ClientsService {
  constructor(
    private readonly db: Database,
    private readonly repository: ClientsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * Identity's question before it invites a client's contact into the client's portal: the client (404 when it is
   * not the provider's) and its contact with the address, if any.
   */
  async portalContact(request: ClientPortalContactRequest): Promise<ClientPortalContact> {
    if (!isUuid(request.providerId) || !isUuid(request.clientId)) throw ApiError.notFound(CLIENT_NOT_FOUND);
    const row = await this.repository.contactByEmail(
      this.db.dataSource,
      request.providerId,
      request.clientId,
      request.email ?? '',
    );
    if (!row) throw ApiError.notFound(CLIENT_NOT_FOUND);
    return {
      clientId: row.clientId,
      clientName: row.clientName,
      contact: row.contactId ? { id: row.contactId, fullName: row.contactFullName ?? '' } : null,
    };
  }

  async clients(providerId: string, query: ClientsQuery): Promise<Page<ClientResponse>> {
    const search = likePattern(query.q);
    const rows = await this.repository.clients(
      this.db.dataSource,
      providerId,
      search,
      query.pageSize,
      query.offset,
    );
    return pageWithTotal(rows, query, () =>
      this.repository.countClients(this.db.dataSource, providerId, search),
    );
  }

  async client(providerId: string, id: string, db: Queryable = this.db.dataSource): Promise<ClientResponse> {
    const row = await this.repository.client(db, providerId, id);
    if (!row) throw ApiError.notFound(CLIENT_NOT_FOUND);
    return row;
  }

  async createClient(providerId: string, form: ClientForm): Promise<ClientResponse> {
    const id = uuidv7();
    return this.db.transaction(async (tx) => {
      await this.repository.insertClient(tx, id, providerId, clientValues(form));
      await this.events.publish(
        'properties.client.created.v1',
        { providerId, clientId: id, name: form.name },
        tx,
      );
      return this.client(providerId, id, tx);
    });
  }

  async updateClient(providerId: string, id: string, form: ClientForm): Promise<ClientResponse> {
    return this.db.transaction(async (tx) => {
      if (!(await this.repository.updateClient(tx, providerId, id, clientValues(form))))
        throw ApiError.notFound(CLIENT_NOT_FOUND);
      return this.client(providerId, id, tx);
    });
  }

  /** Its contacts and properties stay, without a client. */
  /** Its properties and contacts stay, without a client; identity ends its portal users' access (the event). */
  async deleteClient(providerId: string, id: string): Promise<{ id: string }> {
    await this.db.transaction(async (tx) => {
      if (!(await this.repository.deleteClient(tx, providerId, id)))
        throw ApiError.notFound(CLIENT_NOT_FOUND);
      await this.events.publish('properties.client.deleted.v1', { providerId, clientId: id }, tx);
    });
    return { id };
  }

  /** The back office's picker: every provider's clients, or one provider's. */
  async everyProvidersClients(query: ProviderSearchQuery): Promise<Page<AdminClientResponse>> {
    const filter = { providerId: query.providerId ?? null, search: likePattern(query.search) };
    const rows = await this.repository.adminClients(this.db.dataSource, filter, query.pageSize, query.offset);
    return pageWithTotal(rows, query, () => this.repository.countAdminClients(this.db.dataSource, filter));
  }

  async contacts(providerId: string, query: ContactsQuery): Promise<Page<ContactResponse>> {
    const filter = { search: likePattern(query.q), providerClientId: query.providerClientId ?? null };
    const rows = await this.repository.contacts(
      this.db.dataSource,
      providerId,
      filter,
      query.pageSize,
      query.offset,
    );
    return pageWithTotal(rows, query, () =>
      this.repository.countContacts(this.db.dataSource, providerId, filter),
    );
  }

  async contact(
    providerId: string,
    id: string,
    db: Queryable = this.db.dataSource,
  ): Promise<ContactResponse> {
    const row = await this.repository.contact(db, providerId, id);
    if (!row) throw ApiError.notFound(CONTACT_NOT_FOUND);
    return { ...row, providerClientName: row.providerClientName ?? null };
  }

  async createContact(providerId: string, form: ContactForm): Promise<ContactResponse> {
    const id = uuidv7();
    return this.db.transaction(async (tx) => {
      const values = await this.contactValues(tx, providerId, form);
      if (!(await this.repository.insertContact(tx, id, providerId, values)))
        throw ApiError.invalid('contact.emailAddress', EMAIL_TAKEN);
      return this.contact(providerId, id, tx);
    });
  }

  async updateContact(providerId: string, id: string, form: ContactForm): Promise<ContactResponse> {
    try {
      return await this.db.transaction(async (tx) => {
        const values = await this.contactValues(tx, providerId, form);
        if (!(await this.repository.updateContact(tx, providerId, id, values)))
          throw ApiError.notFound(CONTACT_NOT_FOUND);
        return this.contact(providerId, id, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.invalid('contact.emailAddress', EMAIL_TAKEN);
      throw error;
    }
  }

  /** The properties showing it as an agent stop showing it. */
  async deleteContact(providerId: string, id: string): Promise<{ id: string }> {
    if (!(await this.repository.deleteContact(this.db.dataSource, providerId, id)))
      throw ApiError.notFound(CONTACT_NOT_FOUND);
    return { id };
  }

  private async contactValues(tx: Queryable, providerId: string, form: ContactForm): Promise<ContactValues> {
    const client = form.providerClientId ?? null;
    if (client && !(await this.repository.client(tx, providerId, client)))
      throw ApiError.invalid('contact.providerClientId', NOT_A_CLIENT);
    return {
      fullName: form.fullName,
      emailAddress: form.emailAddress,
      phoneNumber: form.phoneNumber || null,
      providerClientId: client,
      weeklyReport: form.weeklyReport ?? false,
    };
  }
}

function clientValues(form: ClientForm): ClientValues {
  return {
    name: form.name,
    emailAddress: form.emailAddress || null,
    phoneNumber: form.phoneNumber || null,
    defaultPlayerBrandingLogoUrl: form.defaultPlayerBrandingLogoUrl || null,
  };
}
