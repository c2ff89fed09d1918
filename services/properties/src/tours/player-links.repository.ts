import { Injectable } from '@nestjs/common';
import type { UrlParameterValues } from '@tourly/contracts';
import {
  likePattern,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  uuidv7,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { Branding, Media, Setup } from './tours.rules';
import type {
  IAdminTourCountQuery,
  IAdminTourPageQuery,
  IAdminTourPageResult,
  IEnsureNamespaceQuery,
  IEnsurePlayerLinkQuery,
  IEnsureTourParametersQuery,
  IEnsureVirtualTourQuery,
  IFindNamespaceQuery,
  IFindPlayerLinkQuery,
  IFindPlayerLinkResult,
  IFindTourParametersQuery,
  IFindTourParametersResult,
  IFindTourPropertyQuery,
  IFindTourPropertyResult,
  ILinkPropertyQuery,
  ILockTourParametersQuery,
  IMergeBrandingQuery,
  IMergeMediaQuery,
  IMergeSetupQuery,
  INamespaceCountQuery,
  INamespacePageQuery,
  INamespacePageResult,
  IParametersPropertyQuery,
  IPlayerLinkExistsQuery,
  IPropertyIdBySlugQuery,
  IReplaceMediaQuery,
  ISetModelSourceQuery,
  ISetParametersQuery,
  ISetLeadGateQuery,
  ISetPasswordQuery,
} from './player-links.repository.types';

/** What the service keeps in the jsonb columns (the schema takes any JSON): the keys set, each merged on its own. */
type KnownLink = { branding: Partial<Branding>; media: Partial<Media>; setup: Partial<Setup> };

/** The values kept in the jsonb column (those away from the viewer's defaults). */
type KnownParameters = { parameters: UrlParameterValues };

export type PlayerLinkRow = Narrowed<IFindPlayerLinkResult, KnownLink>;

export type ParametersRow = Narrowed<IFindTourParametersResult, KnownParameters>;

/** The property a tour belongs to, as the player shows it. */
export type TourPropertyRow = IFindTourPropertyResult;

/**
 * A provider's tour as the back office lists it: the player link, its property, its layers' last publication, with
 * the count of all matches (`total`).
 */
export type AdminTourRow = IAdminTourPageResult;

/** A provider's player link namespace, with the count of all (`total`). */
export type NamespaceRow = INamespacePageResult;

/** Settings a player link keeps as jsonb, each merged key by key. */
export type LinkSettings = 'branding' | 'media' | 'setup';

const ensureNamespace = sql<IEnsureNamespaceQuery>`
  INSERT INTO player_link_namespaces (provider_id, slug) VALUES ($providerId!, $slug!) ON CONFLICT DO NOTHING`;

const findNamespace = sql<IFindNamespaceQuery>`
  SELECT slug FROM player_link_namespaces WHERE provider_id = $providerId!`;

const ensurePlayerLink = sql<IEnsurePlayerLinkQuery>`
  INSERT INTO player_links (id, provider_id, property_id, client_slug, model_slug)
  VALUES ($id!, $providerId!, $propertyId!, $clientSlug!, $modelSlug!) ON CONFLICT DO NOTHING`;

const playerLinkExists = sql<IPlayerLinkExistsQuery>`
  SELECT 1 AS "found!" FROM player_links WHERE property_id = $propertyId!`;

const ensureTourParameters = sql<IEnsureTourParametersQuery>`
  INSERT INTO matterport_model_parameters (id, provider_id, property_id) VALUES ($id!, $providerId!, $propertyId!)
  ON CONFLICT (property_id) DO NOTHING`;

const ensureVirtualTour = sql<IEnsureVirtualTourQuery>`
  INSERT INTO virtual_tours (id, provider_id, property_id) VALUES ($id!, $providerId!, $propertyId!)
  ON CONFLICT (property_id) DO NOTHING`;

const findPlayerLink = sql<Narrow<IFindPlayerLinkQuery, KnownLink>>`
  SELECT l.id, l.provider_id AS "providerId", l.property_id AS "propertyId", l.client_slug AS "clientSlug",
    l.model_slug AS "modelSlug", l.branding, l.media, l.model_source AS "modelSource", l.setup, l.username,
    l.password_hash IS NOT NULL AS "hasPassword!", l.lead_gate_sweeps AS "leadGateSweeps", l.updated_at AS "updatedAt"
  FROM player_links l JOIN properties p ON p.id = l.property_id
  WHERE l.provider_id = $providerId! AND l.property_id = $propertyId! AND p.deleted_at IS NULL`;

// The property of a player link or of a URL parameters row: one statement per table.
const linkProperty = sql<ILinkPropertyQuery>`
  SELECT t.property_id AS "propertyId" FROM player_links t JOIN properties p ON p.id = t.property_id
   WHERE t.provider_id = $providerId! AND t.id = $id! AND p.deleted_at IS NULL`;
const parametersProperty = sql<IParametersPropertyQuery>`
  SELECT t.property_id AS "propertyId" FROM matterport_model_parameters t JOIN properties p ON p.id = t.property_id
   WHERE t.provider_id = $providerId! AND t.id = $id! AND p.deleted_at IS NULL`;

const findTourProperty = sql<IFindTourPropertyQuery>`
  SELECT p.id, p.slug, p.title, p.address, p.formatted_address AS "formattedAddress", p.latitude, p.longitude,
    p.matterport_key AS "matterportKey", p.start_position AS "startPosition", p.tour_published AS "tourPublished"
  FROM properties p WHERE p.provider_id = $providerId! AND p.id = $propertyId! AND p.deleted_at IS NULL`;

const propertyIdBySlug = sql<IPropertyIdBySlugQuery>`
  SELECT id FROM properties WHERE provider_id = $providerId! AND slug = $slug! AND deleted_at IS NULL`;

// As the properties list: the search is a nullable parameter (the statement is planned with its value), the matches
// are found once, narrow (id and order), their count is the total, and only the page's rows are read whole.
// greatest() skips a null (no layers yet), and the link's updated_at is never null ("updatedAt!").
const adminTourPage = sql<IAdminTourPageQuery>`
  WITH matches AS MATERIALIZED (
    SELECT l.id, l.created_at FROM player_links l JOIN properties p ON p.id = l.property_id
     WHERE l.provider_id = $providerId! AND p.provider_id = $providerId! AND p.deleted_at IS NULL
       AND ($search::text IS NULL OR p.search_text LIKE lower($search))
  ), page AS (
    SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC LIMIT $limit! OFFSET $offset!
  )
  SELECT l.id, l.property_id AS "propertyId", p.title AS "propertyTitle", p.slug AS "propertySlug",
         l.client_slug AS "clientSlug", l.model_slug AS "modelSlug", l.model_source AS "modelSource",
         p.matterport_key AS "matterportKey", p.start_position AS "startPosition",
         p.tour_published AS "tourPublished", p.premium, l.password_hash IS NOT NULL AS "hasPassword!",
         t.published_at AS "layersPublishedAt", l.created_at AS "createdAt",
         greatest(l.updated_at, t.updated_at) AS "updatedAt!", (SELECT count(*) FROM matches)::int AS "total!"
    FROM page JOIN player_links l USING (id, created_at) JOIN properties p ON p.id = l.property_id
    LEFT JOIN virtual_tours t ON t.property_id = l.property_id
   ORDER BY l.created_at DESC, l.id DESC`;

const adminTourCount = sql<IAdminTourCountQuery>`
  SELECT count(*)::int AS "total!" FROM player_links l JOIN properties p ON p.id = l.property_id
   WHERE l.provider_id = $providerId! AND p.provider_id = $providerId! AND p.deleted_at IS NULL
     AND ($search::text IS NULL OR p.search_text LIKE lower($search))`;

const namespacePage = sql<INamespacePageQuery>`
  SELECT n.slug AS id, n.slug, n.provider_id AS "providerId", n.created_at AS "createdAt",
         (SELECT count(*) FROM player_links l JOIN properties p ON p.id = l.property_id
           WHERE l.client_slug = n.slug AND p.deleted_at IS NULL)::int AS "tourCount!",
         count(*) OVER ()::int AS "total!"
    FROM player_link_namespaces n WHERE n.provider_id = $providerId!
   ORDER BY n.created_at DESC, n.slug LIMIT $limit! OFFSET $offset!`;

const namespaceCount = sql<INamespaceCountQuery>`
  SELECT count(*)::int AS "total!" FROM player_link_namespaces WHERE provider_id = $providerId!`;

// Merging into one of the link's settings: one statement per column.
const mergeBranding = sql<IMergeBrandingQuery>`
  UPDATE player_links SET branding = jsonb_strip_nulls(branding || $given!::jsonb), updated_at = now()
   WHERE property_id = $propertyId!`;
const mergeMedia = sql<IMergeMediaQuery>`
  UPDATE player_links SET media = jsonb_strip_nulls(media || $given!::jsonb), updated_at = now()
   WHERE property_id = $propertyId!`;
const mergeSetup = sql<IMergeSetupQuery>`
  UPDATE player_links SET setup = jsonb_strip_nulls(setup || $given!::jsonb), updated_at = now()
   WHERE property_id = $propertyId!`;
const MERGE: Record<LinkSettings, typeof mergeBranding> = {
  branding: mergeBranding,
  media: mergeMedia,
  setup: mergeSetup,
};

const replaceMedia = sql<IReplaceMediaQuery>`
  UPDATE player_links SET media = $media!::jsonb, updated_at = now() WHERE property_id = $propertyId!`;

const setModelSource = sql<ISetModelSourceQuery>`
  UPDATE player_links SET model_source = $modelSource, updated_at = now() WHERE property_id = $propertyId!`;

const setPassword = sql<ISetPasswordQuery>`
  UPDATE player_links SET username = $username, password_hash = $passwordHash, updated_at = now()
   WHERE property_id = $propertyId!`;

const setLeadGate = sql<ISetLeadGateQuery>`
  UPDATE player_links SET lead_gate_sweeps = $sweeps, updated_at = now() WHERE property_id = $propertyId!`;

const findTourParameters = sql<Narrow<IFindTourParametersQuery, KnownParameters>>`
  SELECT id, property_id AS "propertyId", parameters FROM matterport_model_parameters
   WHERE property_id = $propertyId!`;

const lockTourParameters = sql<Narrow<ILockTourParametersQuery, KnownParameters>>`
  SELECT parameters FROM matterport_model_parameters WHERE property_id = $propertyId! FOR UPDATE`;

const setParameters = sql<ISetParametersQuery>`
  UPDATE matterport_model_parameters SET parameters = $parameters!::jsonb, updated_at = now()
   WHERE property_id = $propertyId!`;

/**
 * The tour's rows beside each property: the provider's namespace, the player link, the URL parameters. Only the
 * caller's provider's rows of live properties are found.
 */
@Injectable()
export class PlayerLinksRepository {
  /** The provider's namespace slug, made with `candidate` unless it has one (a slug another took: undefined). */
  async ensureNamespace(tx: Queryable, providerId: string, candidate: string): Promise<string | undefined> {
    await queryRows(tx, ensureNamespace, { providerId, slug: candidate });
    const found = await queryOne(tx, findNamespace, { providerId });
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
    await queryRows(tx, ensurePlayerLink, { ...link, id: uuidv7() });
    return (await queryOne(tx, playerLinkExists, { propertyId: link.propertyId })) !== undefined;
  }

  /** The property's URL parameters and virtual tour rows, made unless they exist. */
  async ensureCompanions(tx: Queryable, providerId: string, propertyId: string): Promise<void> {
    await queryRows(tx, ensureTourParameters, { id: uuidv7(), providerId, propertyId });
    await queryRows(tx, ensureVirtualTour, { id: uuidv7(), providerId, propertyId });
  }

  byProperty(tx: Queryable, providerId: string, propertyId: string): Promise<PlayerLinkRow | undefined> {
    return queryOne(tx, findPlayerLink, { providerId, propertyId });
  }

  /** The property of a player link or URL parameters row, if the row is the provider's and its property is live. */
  async propertyOf(
    tx: Queryable,
    table: 'player_links' | 'matterport_model_parameters',
    providerId: string,
    id: string,
  ): Promise<string | undefined> {
    const row = await queryOne(tx, table === 'player_links' ? linkProperty : parametersProperty, {
      providerId,
      id,
    });
    return row?.propertyId;
  }

  /** The provider's live property as the player shows it. */
  property(tx: Queryable, providerId: string, propertyId: string): Promise<TourPropertyRow | undefined> {
    return queryOne(tx, findTourProperty, { providerId, propertyId });
  }

  /** The provider's live property with that slug. */
  async propertyIdBySlug(tx: Queryable, providerId: string, slug: string): Promise<string | undefined> {
    const row = await queryOne(tx, propertyIdBySlug, { providerId, slug });
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
  ): Promise<AdminTourRow[]> {
    return queryRows(tx, adminTourPage, { providerId, search: likePattern(search), limit, offset });
  }

  async adminTourCount(tx: Queryable, providerId: string, search: string | undefined): Promise<number> {
    const row = await queryOne(tx, adminTourCount, { providerId, search: likePattern(search) });
    return row?.total ?? 0;
  }

  /** The provider's player link namespaces (one at most today), with the count of all (`total`). */
  namespaces(tx: Queryable, providerId: string, limit: number, offset: number): Promise<NamespaceRow[]> {
    return queryRows(tx, namespacePage, { providerId, limit, offset });
  }

  async namespaceCount(tx: Queryable, providerId: string): Promise<number> {
    const row = await queryOne(tx, namespaceCount, { providerId });
    return row?.total ?? 0;
  }

  /** Merges keys into one of the link's settings; a null value drops its key (the default applies again). */
  async mergeSettings(
    tx: Queryable,
    propertyId: string,
    settings: LinkSettings,
    given: Record<string, unknown>,
  ): Promise<void> {
    await queryAffected(tx, MERGE[settings], { propertyId, given: JSON.stringify(given) });
  }

  async replaceMedia(tx: Queryable, propertyId: string, media: Media): Promise<void> {
    await queryAffected(tx, replaceMedia, { propertyId, media: JSON.stringify(media) });
  }

  async setModelSource(tx: Queryable, propertyId: string, modelSource: string | null): Promise<void> {
    await queryAffected(tx, setModelSource, { propertyId, modelSource });
  }

  /** null, null: no password. */
  async setPassword(
    tx: Queryable,
    propertyId: string,
    username: string | null,
    passwordHash: string | null,
  ): Promise<void> {
    await queryAffected(tx, setPassword, { propertyId, username, passwordHash });
  }

  /** null: no lead gate. */
  async setLeadGate(tx: Queryable, propertyId: string, sweeps: number | null): Promise<void> {
    await queryAffected(tx, setLeadGate, { propertyId, sweeps });
  }

  parameters(tx: Queryable, propertyId: string): Promise<ParametersRow | undefined> {
    return queryOne(tx, findTourParameters, { propertyId });
  }

  /** The values kept (those away from the viewer's defaults), the row locked until the transaction ends. */
  async parametersForUpdate(tx: Queryable, propertyId: string): Promise<UrlParameterValues> {
    const row = await queryOne(tx, lockTourParameters, { propertyId });
    return row?.parameters ?? {};
  }

  async setParameters(tx: Queryable, propertyId: string, parameters: UrlParameterValues): Promise<void> {
    await queryAffected(tx, setParameters, { propertyId, parameters: JSON.stringify(parameters) });
  }
}
