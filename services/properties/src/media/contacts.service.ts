import { Injectable } from '@nestjs/common';
import { Database } from '@tourly/platform';
import { propertyOf } from '../properties/property-scope';

/**
 * The agents shown with a property (001 §3 "contacts (agentIds)"): contact ids in display order. The
 * contact records themselves (name, email, phone) are another part of the service.
 */
@Injectable()
export class ContactsService {
  constructor(private readonly db: Database) {}

  async get(providerId: string, propertyId: string): Promise<{ agentIds: string[] }> {
    const tx = this.db.dataSource.manager;
    await propertyOf(tx, providerId, propertyId);
    return { agentIds: await this.agentIds(propertyId) };
  }

  /** Replaces the list (an empty list clears it); repeated ids count once, in their first place. */
  async set(providerId: string, propertyId: string, agentIds: string[]): Promise<{ agentIds: string[] }> {
    const unique = [...new Set(agentIds.map((id) => id.toLowerCase()))];
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
