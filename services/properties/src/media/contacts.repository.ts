import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IContactAgentIdsQuery,
  IInsertContactsQuery,
  IRemoveContactsQuery,
} from './contacts.repository.types';

const contactAgentIds = sql<IContactAgentIdsQuery>`
  SELECT contact_id AS id FROM property_contacts WHERE property_id = $propertyId! ORDER BY position`;

const removeContacts = sql<IRemoveContactsQuery>`DELETE FROM property_contacts WHERE property_id = $propertyId!`;

const insertContacts = sql<IInsertContactsQuery>`
  INSERT INTO property_contacts (property_id, contact_id, position)
    SELECT $propertyId!, id, n FROM unnest($agentIds!::uuid[]) WITH ORDINALITY AS given(id, n)`;

/** The `property_contacts` table: the agents shown with a property, in order. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly db: Database) {}

  async agentIds(propertyId: string): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, contactAgentIds, { propertyId });
    return found.map((row) => row.id);
  }

  /** Replaces the property's list with `agentIds`, in that order. */
  async replace(tx: Queryable, propertyId: string, agentIds: string[]): Promise<void> {
    await queryAffected(tx, removeContacts, { propertyId });
    await queryRows(tx, insertContacts, { propertyId, agentIds });
  }
}
