import { Injectable } from '@nestjs/common';
import { queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  ICountPortalPropertiesQuery,
  IPortalClientQuery,
  IPortalPropertiesQuery,
  IPortalPropertiesResult,
  IPortalPropertyQuery,
} from './portal.repository.types';

/** A client's property as its portal shows it, with its player link's slugs (none until the tour was opened). */
export type PortalPropertyRow = Omit<IPortalPropertiesResult, 'total'>;

// Every statement filters on the provider and, within it, on the client: another client's rows are not found.
const portalClient = sql<IPortalClientQuery>`
  SELECT c.id, c.name, c.default_player_branding_logo_url AS "logoUrl"
    FROM provider_clients c WHERE c.provider_id = $providerId! AND c.id = $clientId!`;

const portalProperties = sql<IPortalPropertiesQuery>`
  SELECT p.id, p.slug, p.title, p.address, p.tour_published AS "tourPublished",
         p.website_published AS "websitePublished", l.client_slug AS "clientSlug?", l.model_slug AS "modelSlug?",
         p.created_at AS "createdAt", (count(*) OVER ())::int AS "total!"
    FROM properties p LEFT JOIN player_links l ON l.property_id = p.id AND l.provider_id = p.provider_id
   WHERE p.provider_id = $providerId! AND p.provider_client_id = $clientId! AND p.deleted_at IS NULL
   ORDER BY p.created_at DESC, p.id DESC LIMIT $limit! OFFSET $offset!`;

const countPortalProperties = sql<ICountPortalPropertiesQuery>`
  SELECT count(*)::int AS "total!" FROM properties
   WHERE provider_id = $providerId! AND provider_client_id = $clientId! AND deleted_at IS NULL`;

const portalProperty = sql<IPortalPropertyQuery>`
  SELECT p.id, p.slug, p.title, p.address, p.tour_published AS "tourPublished",
         p.website_published AS "websitePublished", l.client_slug AS "clientSlug?", l.model_slug AS "modelSlug?",
         p.created_at AS "createdAt"
    FROM properties p LEFT JOIN player_links l ON l.property_id = p.id AND l.provider_id = p.provider_id
   WHERE p.provider_id = $providerId! AND p.provider_client_id = $clientId! AND p.id = $id!
     AND p.deleted_at IS NULL`;

/** What a client's portal reads of the `provider_clients`, `properties` and `player_links` tables. */
@Injectable()
export class PortalRepository {
  client(db: Queryable, providerId: string, clientId: string) {
    return queryOne(db, portalClient, { providerId, clientId });
  }

  properties(db: Queryable, providerId: string, clientId: string, limit: number, offset: number) {
    return queryRows(db, portalProperties, { providerId, clientId, limit, offset });
  }

  async countProperties(db: Queryable, providerId: string, clientId: string): Promise<number> {
    return (await queryOne(db, countPortalProperties, { providerId, clientId }))?.total ?? 0;
  }

  property(
    db: Queryable,
    providerId: string,
    clientId: string,
    id: string,
  ): Promise<PortalPropertyRow | undefined> {
    return queryOne(db, portalProperty, { providerId, clientId, id });
  }
}
