import { Injectable } from '@nestjs/common';
import { PROVIDER_PEOPLE, type ProviderPeople } from '@tourly/contracts';
import { ApiError, Database, RpcClient } from '@tourly/platform';
import { propertyOf } from '../properties/property-scope';

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
    private readonly rpc: RpcClient,
  ) {}

  async get(providerId: string, propertyId: string): Promise<{ agentIds: string[] }> {
    const tx = this.db.dataSource.manager;
    await propertyOf(tx, providerId, propertyId);
    return { agentIds: await this.agentIds(propertyId) };
  }

  /** Replaces the list (an empty list clears it); repeated ids count once, in their first place. */
  async set(providerId: string, propertyId: string, agentIds: string[]): Promise<{ agentIds: string[] }> {
    const unique = [...new Set(agentIds.map((id) => id.toLowerCase()))];
    await propertyOf(this.db.dataSource.manager, providerId, propertyId);
    if (unique.length > 0) {
      const people = await this.rpc.ask<ProviderPeople>(PROVIDER_PEOPLE, { providerId, userIds: unique });
      const known = new Set(people.userIds.map((id) => id.toLowerCase()));
      if (unique.some((id) => !known.has(id))) throw ApiError.invalid('agentIds', NOT_PROVIDER_PEOPLE);
    }
    await this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      await tx.query('DELETE FROM property_contacts WHERE property_id = $1', [propertyId]);
      await tx.query(
        `INSERT INTO property_contacts (property_id, contact_id, position)
         SELECT $1, id, n FROM unnest($2::uuid[]) WITH ORDINALITY AS given(id, n)`,
        [propertyId, unique],
      );
    });
    return { agentIds: await this.agentIds(propertyId) };
  }

  async agentIds(propertyId: string): Promise<string[]> {
    const rows = (await this.db.dataSource.query(
      'SELECT contact_id AS id FROM property_contacts WHERE property_id = $1 ORDER BY position',
      [propertyId],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
}
