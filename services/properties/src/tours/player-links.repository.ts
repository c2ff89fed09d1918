import { Injectable } from '@nestjs/common';
import type { UrlParameterValues } from '@tourly/contracts';
import { affected, likePattern, one, rows, uuidv7, type Queryable } from '@tourly/platform';
import type { Branding, Media, Setup } from './tours.rules';
import type { PublicPropertyRow } from '../properties/properties.repository';

export interface PlayerLinkRow {
  id: string;
  providerId: string;
  propertyId: string;
  clientSlug: string;
  modelSlug: string;
  branding: Partial<Branding>;
  media: Partial<Media>;
  modelSource: string | null;
  setup: Partial<Setup>;
  username: string | null;
  hasPassword: boolean;
  updatedAt: Date;
}

export interface ParametersRow {
  id: string;
  propertyId: string;
  parameters: UrlParameterValues;
}

/** The property a tour belongs to, as the player shows it. */
export interface TourPropertyRow extends PublicPropertyRow {
  matterportKey: string;
  startPosition: string | null;
  tourPublished: boolean;
}

/** A provider's tour as the back office lists it: the player link, its property, its layers' last publication. */
export interface AdminTourRow {
  id: string;
  propertyId: string;
  propertyTitle: string;
  propertySlug: string;
  clientSlug: string;
  modelSlug: string;
  modelSource: string | null;
  matterportKey: string;
  startPosition: string | null;
  tourPublished: boolean;
  premium: boolean;
  hasPassword: boolean;
  layersPublishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NamespaceRow {
  id: string;
  slug: string;
  providerId: string;
  tourCount: number;
  createdAt: Date;
}

const LINK_COLUMNS = `l.id, l.provider_id AS "providerId", l.property_id AS "propertyId", l.client_slug AS "clientSlug",
  l.model_slug AS "modelSlug", l.branding, l.media, l.model_source AS "modelSource", l.setup, l.username,
  l.password_hash IS NOT NULL AS "hasPassword", l.updated_at AS "updatedAt"`;

const PROPERTY_COLUMNS = `p.id, p.slug, p.title, p.address, p.formatted_address AS "formattedAddress", p.latitude, p.longitude,
  p.matterport_key AS "matterportKey", p.start_position AS "startPosition", p.tour_published AS "tourPublished"`;

/** Settings a player link keeps as jsonb, each merged key by key. */
export type LinkSettings = 'branding' | 'media' | 'setup';

/**
 * The tour's rows beside each property: the provider's namespace, the player link, the URL parameters. Only the
 * caller's provider's rows of live properties are found.
 */
@Injectable()
export class PlayerLinksRepository {
  /** The provider's namespace slug, made with `candidate` unless it has one (a slug another took: undefined). */
  async ensureNamespace(tx: Queryable, providerId: string, candidate: string): Promise<string | undefined> {
    await rows(
      tx,
      'INSERT INTO player_link_namespaces (provider_id, slug) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [providerId, candidate],
    );
    const found = await one<{ slug: string }>(
      tx,
      'SELECT slug FROM player_link_namespaces WHERE provider_id = $1',
      [providerId],
    );
    return found?.slug;
  }

  /**
   * The property's player link, made unless it exists (two first reads at once make one: the second waits on the
   * first's row and then finds it). False when `modelSlug` is taken in the namespace (a deleted property's link).
   */
  async ensureLink(
    tx: Queryable,
    link: { providerId: string; propertyId: string; clientSlug: string; modelSlug: string },
  ): Promise<boolean> {
    await rows(
      tx,
      `INSERT INTO player_links (id, provider_id, property_id, client_slug, model_slug)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [uuidv7(), link.providerId, link.propertyId, link.clientSlug, link.modelSlug],
    );
    return (
      (await one(tx, 'SELECT 1 FROM player_links WHERE property_id = $1', [link.propertyId])) !== undefined
    );
  }

  /** The property's URL parameters and virtual tour rows, made unless they exist. */
  async ensureCompanions(tx: Queryable, providerId: string, propertyId: string): Promise<void> {
    await rows(
      tx,
      `INSERT INTO matterport_model_parameters (id, provider_id, property_id) VALUES ($1, $2, $3)
       ON CONFLICT (property_id) DO NOTHING`,
      [uuidv7(), providerId, propertyId],
    );
    await rows(
      tx,
      `INSERT INTO virtual_tours (id, provider_id, property_id) VALUES ($1, $2, $3)
       ON CONFLICT (property_id) DO NOTHING`,
      [uuidv7(), providerId, propertyId],
    );
  }

  byProperty(tx: Queryable, providerId: string, propertyId: string): Promise<PlayerLinkRow | undefined> {
    return one<PlayerLinkRow>(
      tx,
      `SELECT ${LINK_COLUMNS} FROM player_links l JOIN properties p ON p.id = l.property_id
        WHERE l.provider_id = $1 AND l.property_id = $2 AND p.deleted_at IS NULL`,
      [providerId, propertyId],
    );
  }

  /** The property of a player link or URL parameters row, if the row is the provider's and its property is live. */
  async propertyOf(
    tx: Queryable,
    table: 'player_links' | 'matterport_model_parameters',
    providerId: string,
    id: string,
  ): Promise<string | undefined> {
    const row = await one<{ propertyId: string }>(
      tx,
      `SELECT t.property_id AS "propertyId" FROM ${table} t JOIN properties p ON p.id = t.property_id
        WHERE t.provider_id = $1 AND t.id = $2 AND p.deleted_at IS NULL`,
      [providerId, id],
    );
    return row?.propertyId;
  }

  /** The provider's live property as the player shows it. */
  property(tx: Queryable, providerId: string, propertyId: string): Promise<TourPropertyRow | undefined> {
    return one<TourPropertyRow>(
      tx,
      `SELECT ${PROPERTY_COLUMNS} FROM properties p WHERE p.provider_id = $1 AND p.id = $2 AND p.deleted_at IS NULL`,
      [providerId, propertyId],
    );
  }

  /** The provider's live property with that slug. */
  async propertyIdBySlug(tx: Queryable, providerId: string, slug: string): Promise<string | undefined> {
    const row = await one<{ id: string }>(
      tx,
      'SELECT id FROM properties WHERE provider_id = $1 AND slug = $2 AND deleted_at IS NULL',
      [providerId, slug],
    );
    return row?.id;
  }

  /**
   * A page of the provider's tours (player links of live properties), newest first, each row with the count of all
   * matches (`total`); `search` over the property's title and address. As the properties list: the matches are found
   * once, narrow (id and order), their count is the total, and only the page's rows are read whole.
   */
  adminTours(
    tx: Queryable,
    providerId: string,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<Array<AdminTourRow & { total: number }>> {
    const { conditions, params } = adminTourMatching(providerId, search);
    return rows<AdminTourRow & { total: number }>(
      tx,
      `WITH matches AS MATERIALIZED (
         SELECT l.id, l.created_at FROM player_links l JOIN properties p ON p.id = l.property_id WHERE ${conditions}
       ), page AS (
         SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       )
       SELECT l.id, l.property_id AS "propertyId", p.title AS "propertyTitle", p.slug AS "propertySlug",
              l.client_slug AS "clientSlug", l.model_slug AS "modelSlug", l.model_source AS "modelSource",
              p.matterport_key AS "matterportKey", p.start_position AS "startPosition",
              p.tour_published AS "tourPublished", p.premium, l.password_hash IS NOT NULL AS "hasPassword",
              t.published_at AS "layersPublishedAt", l.created_at AS "createdAt",
              greatest(l.updated_at, t.updated_at) AS "updatedAt", (SELECT count(*) FROM matches)::int AS total
         FROM page JOIN player_links l USING (id, created_at) JOIN properties p ON p.id = l.property_id
         LEFT JOIN virtual_tours t ON t.property_id = l.property_id
        ORDER BY l.created_at DESC, l.id DESC`,
      [...params, limit, offset],
    );
  }

  async adminTourCount(tx: Queryable, providerId: string, search: string | undefined): Promise<number> {
    const { conditions, params } = adminTourMatching(providerId, search);
    const row = await one<{ total: number }>(
      tx,
      `SELECT count(*)::int AS total FROM player_links l JOIN properties p ON p.id = l.property_id
        WHERE ${conditions}`,
      params,
    );
    return row?.total ?? 0;
  }

  /** The provider's player link namespaces (one at most today), with the count of all (`total`). */
  namespaces(
    tx: Queryable,
    providerId: string,
    limit: number,
    offset: number,
  ): Promise<Array<NamespaceRow & { total: number }>> {
    return rows<NamespaceRow & { total: number }>(
      tx,
      `SELECT n.slug AS id, n.slug, n.provider_id AS "providerId", n.created_at AS "createdAt",
              (SELECT count(*) FROM player_links l JOIN properties p ON p.id = l.property_id
                WHERE l.client_slug = n.slug AND p.deleted_at IS NULL)::int AS "tourCount",
              count(*) OVER ()::int AS total
         FROM player_link_namespaces n WHERE n.provider_id = $1
        ORDER BY n.created_at DESC, n.slug LIMIT $2 OFFSET $3`,
      [providerId, limit, offset],
    );
  }

  async namespaceCount(tx: Queryable, providerId: string): Promise<number> {
    const row = await one<{ total: number }>(
      tx,
      'SELECT count(*)::int AS total FROM player_link_namespaces WHERE provider_id = $1',
      [providerId],
    );
    return row?.total ?? 0;
  }

  /** Merges keys into one of the link's settings; a null value drops its key (the default applies again). */
  async mergeSettings(
    tx: Queryable,
    propertyId: string,
    settings: LinkSettings,
    given: Record<string, unknown>,
  ): Promise<void> {
    await affected(
      tx,
      `UPDATE player_links SET ${settings} = jsonb_strip_nulls(${settings} || $2::jsonb), updated_at = now()
        WHERE property_id = $1`,
      [propertyId, JSON.stringify(given)],
    );
  }

  async replaceMedia(tx: Queryable, propertyId: string, media: Media): Promise<void> {
    await affected(
      tx,
      'UPDATE player_links SET media = $2::jsonb, updated_at = now() WHERE property_id = $1',
      [propertyId, JSON.stringify(media)],
    );
  }

  async setModelSource(tx: Queryable, propertyId: string, modelSource: string | null): Promise<void> {
    await affected(
      tx,
      'UPDATE player_links SET model_source = $2, updated_at = now() WHERE property_id = $1',
      [propertyId, modelSource],
    );
  }

  /** null, null: no password. */
  async setPassword(
    tx: Queryable,
    propertyId: string,
    username: string | null,
    passwordHash: string | null,
  ): Promise<void> {
    await affected(
      tx,
      'UPDATE player_links SET username = $2, password_hash = $3, updated_at = now() WHERE property_id = $1',
      [propertyId, username, passwordHash],
    );
  }

  parameters(tx: Queryable, propertyId: string): Promise<ParametersRow | undefined> {
    return one<ParametersRow>(
      tx,
      `SELECT id, property_id AS "propertyId", parameters FROM matterport_model_parameters WHERE property_id = $1`,
      [propertyId],
    );
  }

  /** The values kept (those away from the viewer's defaults), the row locked until the transaction ends. */
  async parametersForUpdate(tx: Queryable, propertyId: string): Promise<UrlParameterValues> {
    const row = await one<{ parameters: UrlParameterValues }>(
      tx,
      'SELECT parameters FROM matterport_model_parameters WHERE property_id = $1 FOR UPDATE',
      [propertyId],
    );
    return row?.parameters ?? {};
  }

  async setParameters(tx: Queryable, propertyId: string, parameters: UrlParameterValues): Promise<void> {
    await affected(
      tx,
      'UPDATE matterport_model_parameters SET parameters = $2::jsonb, updated_at = now() WHERE property_id = $1',
      [propertyId, JSON.stringify(parameters)],
    );
  }
}

function adminTourMatching(
  providerId: string,
  search: string | undefined,
): { conditions: string; params: unknown[] } {
  const conditions = ['l.provider_id = $1', 'p.provider_id = $1', 'p.deleted_at IS NULL'];
  const params: unknown[] = [providerId];
  const pattern = likePattern(search);
  if (pattern) {
    params.push(pattern);
    conditions.push(`p.search_text LIKE lower($${params.length})`);
  }
  return { conditions: conditions.join(' AND '), params };
}
