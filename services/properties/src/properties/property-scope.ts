import { Injectable } from '@nestjs/common';
import { ApiError, isUuid, type Queryable } from '@tourly/platform';
import { PropertiesRepository, type ScopedProperty } from './properties.repository';

export type { ScopedProperty } from './properties.repository';

export const PROPERTY_NOT_FOUND = 'Property not found';
/** A back-office path's provider id that is not a UUID (properties keeps no list of providers to check others). */
export const PROVIDER_NOT_FOUND = 'Provider not found';

/** The property a route about its media, contacts or website names: the caller's provider's own, live one. */
@Injectable()
export class PropertyScope {
  constructor(private readonly properties: PropertiesRepository) {}

  /**
   * The provider's own live property, or 404 `Property not found` (another provider's, a deleted or a
   * malformed id alike). `lock`: changes to the property's media take turns until the transaction ends (an
   * advisory lock, leaving the property row itself free), so positions stay in order.
   */
  async of(tx: Queryable, providerId: string, id: string, lock = false): Promise<ScopedProperty> {
    const row = await this.find(tx, providerId, id, lock);
    if (!row) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    return row;
  }

  /** The same, or undefined where `of` answers 404 (an event about a property deleted meanwhile). */
  async find(
    tx: Queryable,
    providerId: string,
    id: string,
    lock = false,
  ): Promise<ScopedProperty | undefined> {
    if (!isUuid(providerId) || !isUuid(id)) return undefined;
    const row = await this.properties.findScoped(tx, providerId, id);
    if (row && lock) await this.properties.lockMedia(tx, id);
    return row;
  }
}
