import { Injectable } from '@nestjs/common';
import { Database, queryOne, sql } from '@tourly/platform';
import type { IFindLinkedTourQuery, IFindLinkedTourResult } from './tour-links.repository.types';

/**
 * A tour by its link, with what its preview shows and whether it may be shown: `tourPublished`, the published
 * feature `tour` (the provider shares the tour; its plan must publish too); `passwordProtected`, the player link has
 * a password (visitors see the tour only once they unlocked it).
 */
export type LinkedTourRow = IFindLinkedTourResult;

const findLinkedTour = sql<IFindLinkedTourQuery>`
  SELECT p.id AS "propertyId", p.provider_id AS "providerId", l.client_slug AS "clientSlug",
         l.model_slug AS "modelSlug", p.title, p.address, p.tour_published AS "tourPublished",
         l.password_hash IS NOT NULL AS "passwordProtected!"
    FROM player_links l JOIN properties p ON p.id = l.property_id
   WHERE l.client_slug = $clientSlug! AND l.model_slug = $modelSlug! AND p.deleted_at IS NULL`;

/**
 * Tours by their player link (`player_links`, kept by the tours feature), read here for link previews: the
 * property must not be deleted.
 */
@Injectable()
export class TourLinksRepository {
  constructor(private readonly db: Database) {}

  find(clientSlug: string, modelSlug: string): Promise<LinkedTourRow | undefined> {
    return queryOne(this.db.dataSource, findLinkedTour, { clientSlug, modelSlug });
  }
}
