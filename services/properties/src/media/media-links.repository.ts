import { Injectable } from '@nestjs/common';
import { one, rows, type Queryable } from '@tourly/platform';

export interface MediaLinkRow {
  id: string;
  url: string;
  title: string | null;
  position: number;
  createdAt: Date;
}

const LINK_COLUMNS = 'id, url, title, position, created_at AS "createdAt"';

/** The `media_links` table. */
@Injectable()
export class MediaLinksRepository {
  list(tx: Queryable, providerId: string, propertyId: string): Promise<MediaLinkRow[]> {
    return rows<MediaLinkRow>(
      tx,
      `SELECT ${LINK_COLUMNS} FROM media_links WHERE provider_id = $1 AND property_id = $2 ORDER BY position, id`,
      [providerId, propertyId],
    );
  }

  /** Links after the property's last one, in the order given. */
  async insert(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    links: Array<{ id: string; url: string; title: string | null }>,
  ): Promise<void> {
    await rows(
      tx,
      `INSERT INTO media_links (id, provider_id, property_id, url, title, position)
         SELECT id, $1, $2, url, title, start.position + n
           FROM unnest($3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS given(id, url, title, n),
                (SELECT COALESCE(max(position), 0) AS position FROM media_links WHERE property_id = $2) AS start`,
      [
        providerId,
        propertyId,
        links.map((link) => link.id),
        links.map((link) => link.url),
        links.map((link) => link.title),
      ],
    );
  }

  /** Deletes the property's links among `ids`: the ids deleted. */
  async delete(tx: Queryable, providerId: string, propertyId: string, ids: string[]): Promise<string[]> {
    const deleted = await rows<{ id: string }>(
      tx,
      'DELETE FROM media_links WHERE provider_id = $1 AND property_id = $2 AND id = ANY($3::uuid[]) RETURNING id',
      [providerId, propertyId, ids],
    );
    return deleted.map((row) => row.id);
  }

  /** How many of `ids` are the property's links. */
  async countOwn(tx: Queryable, propertyId: string, ids: string[]): Promise<number> {
    const row = await one<{ count: number }>(
      tx,
      'SELECT count(*)::int AS count FROM media_links WHERE property_id = $1 AND id = ANY($2::uuid[])',
      [propertyId, ids],
    );
    return row?.count ?? 0;
  }
}
