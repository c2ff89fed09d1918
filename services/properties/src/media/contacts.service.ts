import { Injectable } from '@nestjs/common';
import { PROVIDER_PEOPLE, type ProviderPeople } from '@tourly/contracts';
import { ApiError, Database, RpcClient } from '@tourly/platform';
import { ClientsRepository, type AgentContactRow } from '../clients/clients.repository';
import { PropertyScope } from '../properties/property-scope';
import { ContactsRepository } from './contacts.repository';
import { uniqueIds } from './media.rules';

/** 422 on `agent_ids` (the spec has no words for it): an id that is neither of the provider's people nor contacts. */
export const NOT_PROVIDER_PEOPLE = 'must be people or contacts of this provider';

/** A property's agents split by who keeps them: the provider's contacts (here), and its people (identity). */
export interface AgentsByKeeper {
  contacts: AgentContactRow[];
  userIds: string[];
}

/**
 * The agents shown with a property (001 §3 "contacts (agentIds)"), in display order: the provider's people (admins,
 * scan technicians, members: user ids) and its contacts (an agency's agents who are not users). Identity owns the
 * people: it is asked, at each change, which of the other ids are the provider's; any other id (another provider's
 * user or contact, a client, nobody) is refused.
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly scope: PropertyScope,
    private readonly rpc: RpcClient,
    private readonly clients: ClientsRepository,
  ) {}

  async get(providerId: string, propertyId: string): Promise<{ agentIds: string[] }> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    return { agentIds: await this.agentIds(propertyId) };
  }

  /** Replaces the list (an empty list clears it); repeated ids count once, in their first place. */
  async set(providerId: string, propertyId: string, agentIds: string[]): Promise<{ agentIds: string[] }> {
    const unique = uniqueIds(agentIds);
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    const { userIds } = await this.byKeeper(providerId, unique);
    if (userIds.length > 0) {
      const people = await this.rpc.ask<ProviderPeople>(PROVIDER_PEOPLE, { providerId, userIds });
      const known = new Set(people.userIds.map((id) => id.toLowerCase()));
      if (userIds.some((id) => !known.has(id))) throw ApiError.invalid('agentIds', NOT_PROVIDER_PEOPLE);
    }
    await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      await this.contacts.replace(tx, propertyId, unique);
    });
    return { agentIds: await this.agentIds(propertyId) };
  }

  agentIds(propertyId: string): Promise<string[]> {
    return this.contacts.agentIds(propertyId);
  }

  /** Which of the ids are the provider's contacts (with what visitors see of them), and which are left to identity. */
  async byKeeper(providerId: string, agentIds: string[]): Promise<AgentsByKeeper> {
    const contacts = await this.clients.known(this.db.dataSource, providerId, agentIds);
    const contactIds = new Set(contacts.map((contact) => contact.id.toLowerCase()));
    return { contacts, userIds: agentIds.filter((id) => !contactIds.has(id.toLowerCase())) };
  }
}
