import { Injectable } from '@nestjs/common';
import { Database, affected, rows, type Queryable } from '@tourly/platform';

/** The `property_contacts` table: the agents shown with a property, in order. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly db: Database) {}

  async agentIds(propertyId: string): Promise<string[]> {
    const found = await rows<{ id: string }>(
      this.db.dataSource,
      'SELECT contact_id AS id FROM property_contacts WHERE property_id = $1 ORDER BY position',
      [propertyId],
    );
    return found.map((row) => row.id);
  }

  /** Replaces the property's list with `agentIds`, in that order. */
  async replace(tx: Queryable, propertyId: string, agentIds: string[]): Promise<void> {
    await affected(tx, 'DELETE FROM property_contacts WHERE property_id = $1', [propertyId]);
    await rows(
      tx,
      `INSERT INTO property_contacts (property_id, contact_id, position)
         SELECT $1, id, n FROM unnest($2::uuid[]) WITH ORDINALITY AS given(id, n)`,
      [propertyId, agentIds],
    );
  }
}
