import { Injectable } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { ApiError, Database, EventBus, isUuid, uuidv7 } from '@tourly/platform';
import { requireLink } from './links';
import { propertyOf } from '../properties/property-scope';

export interface MediaLink {
  id: string;
  url: string;
  title: string | null;
  position: number;
  createdAt: string;
}

export const MEDIA_LINK_NOT_FOUND = 'Media link not found';

const LINK_COLUMNS = 'id, url, title, position, created_at AS "createdAt"';

/** Links to a property's media elsewhere (brochures, listings, virtual staging...), in the order added. */
@Injectable()
export class MediaLinksService {
  constructor(
    private readonly db: Database,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(providerId: string, propertyId: string): Promise<MediaLink[]> {
    const tx = this.db.dataSource.manager;
    await propertyOf(tx, providerId, propertyId);
    const rows = (await tx.query(
      `SELECT ${LINK_COLUMNS} FROM media_links WHERE provider_id = $1 AND property_id = $2 ORDER BY position, id`,
      [providerId, propertyId],
    )) as Array<Omit<MediaLink, 'createdAt'> & { createdAt: Date }>;
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  async add(
    providerId: string,
    propertyId: string,
    links: Array<{ url: string; title?: string }>,
  ): Promise<MediaLink[]> {
    const urls = links.map((link, index) => requireLink(link.url, `mediaLinks.${index}.url`));
    const ids = links.map(() => uuidv7());
    await this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      await tx.query(
        `INSERT INTO media_links (id, provider_id, property_id, url, title, position)
         SELECT id, $1, $2, url, title, start.position + n
           FROM unnest($3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS given(id, url, title, n),
                (SELECT COALESCE(max(position), 0) AS position FROM media_links WHERE property_id = $2) AS start`,
        [providerId, propertyId, ids, urls, links.map((link) => link.title || null)],
      );
      await this.events.publish(
        'properties.media.added.v1',
        { providerId, propertyId, kind: 'media_link', mediaIds: ids },
        tx,
      );
    });
    const all = await this.list(providerId, propertyId);
    return all.filter((link) => ids.includes(link.id));
  }

  /** `strict`: a DELETE by id, where an id not among the property's links is a 404. */
  async remove(
    providerId: string,
    propertyId: string,
    ids: string[],
    strict: boolean,
  ): Promise<{ ids: string[] }> {
    const wanted = ids.filter(isUuid);
    if (strict && wanted.length !== ids.length) throw ApiError.notFound(MEDIA_LINK_NOT_FOUND);
    return this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      const [deleted] = (await tx.query(
        'DELETE FROM media_links WHERE provider_id = $1 AND property_id = $2 AND id = ANY($3::uuid[]) RETURNING id',
        [providerId, propertyId, wanted],
      )) as unknown as [Array<{ id: string }>, number];
      if (strict && deleted.length !== new Set(wanted).size) throw ApiError.notFound(MEDIA_LINK_NOT_FOUND);
      return { ids: deleted.map((row) => row.id) };
    });
  }
}
