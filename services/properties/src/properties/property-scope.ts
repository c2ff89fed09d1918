import { ApiError, isUuid } from '@tourly/platform';
import type { EntityManager } from 'typeorm';

export interface ScopedProperty {
  id: string;
  slug: string;
  title: string;
}

export const PROPERTY_NOT_FOUND = 'Property not found';

/**
 * The provider's own live property, or 404 `Property not found` (another provider's, a deleted or a
 * malformed id alike). `lock`: changes to the property's media take turns until the transaction ends (an
 * advisory lock, leaving the property row itself free), so positions stay in order.
 */
export async function propertyOf(
  tx: EntityManager,
  providerId: string,
  id: string,
  lock = false,
): Promise<ScopedProperty> {
  if (!isUuid(id)) throw ApiError.notFound(PROPERTY_NOT_FOUND);
  const [row] = (await tx.query(
    'SELECT id, slug, title FROM properties WHERE provider_id = $1 AND id = $2 AND deleted_at IS NULL',
    [providerId, id],
  )) as ScopedProperty[];
  if (!row) throw ApiError.notFound(PROPERTY_NOT_FOUND);
  if (lock) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`media:${id}`]);
  return row;
}
