import { Injectable } from '@nestjs/common';
import { queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  ICountOwnMediaLinksQuery,
  IDeleteMediaLinksQuery,
  IInsertMediaLinksParams,
  IInsertMediaLinksResult,
  IListMediaLinksQuery,
  IListMediaLinksResult,
} from './media-links.repository.types';

export type MediaLinkRow = IListMediaLinksResult;

const listMediaLinks = sql<IListMediaLinksQuery>`
  SELECT id, url, title, position, created_at AS "createdAt"
    FROM media_links WHERE provider_id = $providerId! AND property_id = $propertyId! ORDER BY position, id`;

// pgtyped types a text[] parameter's elements as never null; PostgreSQL takes nulls in it, and a link without a
// title is one.
const insertMediaLinks = sql<{
  params: Omit<IInsertMediaLinksParams, 'titles'> & { titles: Array<string | null> };
  result: IInsertMediaLinksResult;
}>`
  INSERT INTO media_links (id, provider_id, property_id, url, title, position)
    SELECT id, $providerId!, $propertyId!, url, title, start.position + n
      FROM unnest($ids!::uuid[], $urls!::text[], $titles!::text[]) WITH ORDINALITY AS given(id, url, title, n),
           (SELECT COALESCE(max(position), 0) AS position FROM media_links WHERE property_id = $propertyId!) AS start`;

const deleteMediaLinks = sql<IDeleteMediaLinksQuery>`
  DELETE FROM media_links WHERE provider_id = $providerId! AND property_id = $propertyId! AND id = ANY($ids!::uuid[])
  RETURNING id`;

const countOwnMediaLinks = sql<ICountOwnMediaLinksQuery>`
  SELECT count(*)::int AS "count!" FROM media_links WHERE property_id = $propertyId! AND id = ANY($ids!::uuid[])`;

/** The `media_links` table. */
@Injectable()
export class MediaLinksRepository {
  list(tx: Queryable, providerId: string, propertyId: string): Promise<MediaLinkRow[]> {
    return queryRows(tx, listMediaLinks, { providerId, propertyId });
  }

  /** Links after the property's last one, in the order given. */
  async insert(
    tx: Queryable,
    providerId: string,
    propertyId: string,
    links: Array<{ id: string; url: string; title: string | null }>,
  ): Promise<void> {
    await queryRows(tx, insertMediaLinks, {
      providerId,
      propertyId,
      ids: links.map((link) => link.id),
      urls: links.map((link) => link.url),
      titles: links.map((link) => link.title),
    });
  }

  /** Deletes the property's links among `ids`: the ids deleted. */
  async delete(tx: Queryable, providerId: string, propertyId: string, ids: string[]): Promise<string[]> {
    const deleted = await queryRows(tx, deleteMediaLinks, { providerId, propertyId, ids });
    return deleted.map((row) => row.id);
  }

  /** How many of `ids` are the property's links. */
  async countOwn(tx: Queryable, propertyId: string, ids: string[]): Promise<number> {
    const row = await queryOne(tx, countOwnMediaLinks, { propertyId, ids });
    return row?.count ?? 0;
  }
}
