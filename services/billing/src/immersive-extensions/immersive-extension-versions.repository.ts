import { Injectable } from '@nestjs/common';
import { queryOne, sql, type Queryable } from '@tourly/platform';
import type {
  ICurrentExtensionVersionQuery,
  INextExtensionVersionQuery,
} from './immersive-extension-versions.repository.types';

const nextExtensionVersion = sql<INextExtensionVersionQuery>`
  INSERT INTO immersive_extension_versions (provider_id, property_id, version) VALUES ($providerId!, $propertyId!, 1)
  ON CONFLICT (provider_id, property_id) DO UPDATE SET version = immersive_extension_versions.version + 1
  RETURNING version::text AS "version!"`;

const currentExtensionVersion = sql<ICurrentExtensionVersionQuery>`
  SELECT version::text AS "version!" FROM immersive_extension_versions
   WHERE provider_id = $providerId! AND property_id = $propertyId!`;

/** The `immersive_extension_versions` table: each tour's extension version, per provider and property. */
@Injectable()
export class ImmersiveExtensionVersionsRepository {
  /**
   * The tour's next extension version, taken in the transaction that announces the change: the upsert locks the
   * tour's row until the commit, so two replicas never hand out the same one, and the order is the database's, not
   * a process clock's.
   */
  async next(tx: Queryable, providerId: string, propertyId: string): Promise<number> {
    const row = await queryOne(tx, nextExtensionVersion, { providerId, propertyId });
    return Number(row!.version);
  }

  /**
   * The tour's extension version as of an answer, read last in its transaction: what the answer says is billing's
   * word at that version (a change this transaction announced holds the row's lock; one about the tour announced
   * by another after this read gets a greater version). 0: nothing announced with a version yet.
   */
  async current(tx: Queryable, providerId: string, propertyId: string): Promise<number> {
    const row = await queryOne(tx, currentExtensionVersion, { providerId, propertyId });
    return Number(row?.version ?? 0);
  }
}
