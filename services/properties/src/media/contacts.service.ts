import { Injectable } from '@nestjs/common';
import { PROVIDER_PEOPLE, type ProviderPeople } from '@tourly/contracts';
import { ApiError, Database, RpcClient } from '@tourly/platform';
import { PropertyScope } from '../properties/property-scope';
import { ContactsRepository } from './contacts.repository';
import { uniqueIds } from './media.rules';

/** 422 on `agent_ids` (the spec has no words for it): an id that is not one of the provider's people. */
export const NOT_PROVIDER_PEOPLE = 'must be users of this provider';

/**
 * The agents shown with a property (001 §3 "contacts (agentIds)"): user ids of the provider's people (admins,
 * scan technicians, members), in display order. Identity owns the people: it is asked, at each change, which
 * of the ids are the provider's; any other id (another provider's user, a client, nobody) is refused.
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly scope: PropertyScope,
    private readonly rpc: RpcClient,
  ) {}

  async get(providerId: string, propertyId: string): Promise<{ agentIds: string[] }> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    return { agentIds: await this.agentIds(propertyId) };
  }

  /** Replaces the list (an empty list clears it); repeated ids count once, in their first place. */
  async set(providerId: string, propertyId: string, agentIds: string[]): Promise<{ agentIds: string[] }> {
    const unique = uniqueIds(agentIds);
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    if (unique.length > 0) {
      const people = await this.rpc.ask<ProviderPeople>(PROVIDER_PEOPLE, { providerId, userIds: unique });
      const known = new Set(people.userIds.map((id) => id.toLowerCase()));
      if (unique.some((id) => !known.has(id))) throw ApiError.invalid('agentIds', NOT_PROVIDER_PEOPLE);
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
}
