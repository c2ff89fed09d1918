import { Injectable } from '@nestjs/common';
import { Database, affected, likePattern, one, rows, type Queryable } from '@tourly/platform';
import type { GeocodedAddress } from '../geocoding/geocoder';
import { newerThanRecorded } from '../plans/billing-versions';

/** The geocoded parts as stored: unset until an address is geocoded. */
export type StoredAddress = { [Part in keyof GeocodedAddress]: GeocodedAddress[Part] | null };

/** What every property has from its creation: names, its Matterport model. */
interface PropertyBasics {
  id: string;
  providerId: string;
  slug: string;
  title: string;
  address: string;
  matterportKey: string;
  startPosition: string | null;
}

/** A live or deleted property as the service reads it. */
export interface PropertyRow extends StoredAddress, PropertyBasics {
  tourPublished: boolean;
  websitePublished: boolean;
  premium: boolean;
  immexSubscriptionId: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a property is made from: its names, its place as geocoded, its Matterport model. */
export type NewPropertyRow = GeocodedAddress & PropertyBasics;

/** A property's edit: every editable column, as it will be. */
export type PropertyEdit = Pick<PropertyRow, 'title' | 'address' | 'matterportKey' | 'startPosition'> &
  StoredAddress;

/** Which of the provider's live properties a list shows. */
export interface PropertyFilter {
  search?: string;
  status?: 'published' | 'unpublished';
  tourType?: 'basic' | 'premium';
}

/** Which Matterport models of live properties a list shows: one provider's (else every provider's), searched. */
export interface ModelFilter {
  providerId?: string;
  search?: string;
}

/** A Matterport model live properties show: the first of them made (its title) and how many show it. */
export interface ModelRow {
  id: string;
  name: string;
  propertyCount: number;
}

/** What a publishing change writes (`version`: billing's word on the tour's payment, if it gave one). */
export interface Publication {
  tour: boolean;
  website: boolean;
  premium: boolean;
  immexSubscriptionId: string | null;
  version: number | null;
}

/** The property a media, contact or website route is about. */
export interface ScopedProperty {
  id: string;
  slug: string;
  title: string;
}

/** A published website's property, as visitors see it. */
export interface PublicPropertyRow {
  id: string;
  slug: string;
  title: string;
  address: string;
  formattedAddress: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** A premium tour inside the plan's quota. */
export interface PremiumTourRow {
  id: string;
  title: string;
  premiumSince: Date;
}

/** A shared tour or published website. */
export interface PublishedRow {
  id: string;
  title: string;
  tour: boolean;
  website: boolean;
  premium: boolean;
}

/** Billing's word on a tour paid on its own (see PremiumToursService.applyExtensionChange). */
export interface ExtensionWord {
  providerId: string;
  propertyId: string;
  extensionId: string;
  occurredAt: string;
  version: number | null;
}

const COLUMNS = `id, provider_id AS "providerId", slug, title, address, formatted_address AS "formattedAddress",
  street_address AS "streetAddress", suburb, state, postcode, country, country_short_name AS "countryShortName",
  latitude, longitude, matterport_key AS "matterportKey", start_position AS "startPosition",
  tour_published AS "tourPublished", website_published AS "websitePublished", premium,
  immex_subscription_id AS "immexSubscriptionId",
  published_at AS "publishedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Billing's word on a tour (parameters of `ExtensionWord`) newer than what the row records. */
const NEWER_EXTENSION_WORD = `provider_id = $1 AND id = $2
      AND ${newerThanRecorded('immex_version', '$5', '(immex_changed_at IS NULL OR immex_changed_at < $4)')}`;

/**
 * The `properties` table: the one place its SQL lives, for every feature that reads a property (media, website,
 * premium tours), and the locks that order changes to a provider's tours and to a property's media.
 */
@Injectable()
export class PropertiesRepository {
  constructor(private readonly db: Database) {}

  /**
   * The provider's publishing lock, until the transaction ends: one change to its tours' publication and premium
   * places at a time (and billing's events about them wait for it).
   */
  async lockQuota(tx: Queryable, providerId: string): Promise<void> {
    await rows(tx, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`quota:${providerId}`]);
  }

  /** Changes to a property's media take turns until the transaction ends (leaving the property row itself free). */
  async lockMedia(tx: Queryable, propertyId: string): Promise<void> {
    await rows(tx, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`media:${propertyId}`]);
  }

  /**
   * A page of the provider's live properties, newest first, each row with the count of all matches (`total`). The
   * matches are found once, narrow (id and order): their count is the total, and only the page's rows are read
   * whole. A page past the end has no row to carry the total: `count` asks for it on its own.
   */
  page(
    providerId: string,
    filter: PropertyFilter,
    limit: number,
    offset: number,
  ): Promise<Array<PropertyRow & { total: number }>> {
    const { conditions, params } = matching(providerId, filter);
    return rows<PropertyRow & { total: number }>(
      this.db.dataSource,
      `WITH matches AS MATERIALIZED (
         SELECT id, created_at FROM properties WHERE ${conditions}
       ), page AS (
         SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       )
       SELECT ${COLUMNS}, (SELECT count(*) FROM matches)::int AS total
         FROM properties JOIN page USING (id, created_at) ORDER BY created_at DESC, id DESC`,
      [...params, limit, offset],
    );
  }

  async count(providerId: string, filter: PropertyFilter): Promise<number> {
    const { conditions, params } = matching(providerId, filter);
    const row = await one<{ total: number }>(
      this.db.dataSource,
      `SELECT count(*)::int AS total FROM properties WHERE ${conditions}`,
      params,
    );
    return row?.total ?? 0;
  }

  /**
   * A page of the Matterport models live properties show (the back office's scan model picker), by the title of the
   * first property made of each, each row with the count of all matches (`total`). A search matches a model by its
   * id or by the title or address of any property showing it.
   */
  models(filter: ModelFilter, limit: number, offset: number): Promise<Array<ModelRow & { total: number }>> {
    const { scope, search, params } = modelMatching(filter);
    const searched = search
      ? `AND matterport_key IN (SELECT matterport_key FROM properties WHERE ${scope} AND ${search})`
      : '';
    return rows<ModelRow & { total: number }>(
      this.db.dataSource,
      `WITH models AS (
         SELECT matterport_key AS id, (array_agg(title ORDER BY created_at, id))[1] AS name,
                count(*)::int AS "propertyCount"
           FROM properties WHERE ${scope} ${searched}
          GROUP BY matterport_key
       )
       SELECT id, name, "propertyCount", count(*) OVER ()::int AS total FROM models
        ORDER BY lower(name), id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
  }

  async modelCount(filter: ModelFilter): Promise<number> {
    const { scope, search, params } = modelMatching(filter);
    const row = await one<{ total: number }>(
      this.db.dataSource,
      `SELECT count(DISTINCT matterport_key)::int AS total FROM properties
        WHERE ${scope} ${search ? `AND ${search}` : ''}`,
      params,
    );
    return row?.total ?? 0;
  }

  /** The provider's live property (`forUpdate`: its row locked until the transaction ends). */
  find(tx: Queryable, providerId: string, id: string, forUpdate = false): Promise<PropertyRow | undefined> {
    return one<PropertyRow>(
      tx,
      `SELECT ${COLUMNS} FROM properties WHERE provider_id = $1 AND id = $2 AND deleted_at IS NULL
       ${forUpdate ? 'FOR UPDATE' : ''}`,
      [providerId, id],
    );
  }

  /** The provider's live property's id, slug and title. */
  findScoped(tx: Queryable, providerId: string, id: string): Promise<ScopedProperty | undefined> {
    return one<ScopedProperty>(
      tx,
      'SELECT id, slug, title FROM properties WHERE provider_id = $1 AND id = $2 AND deleted_at IS NULL',
      [providerId, id],
    );
  }

  /** Slugs of the provider's live properties that are `base` or start with `base-`. */
  async slugsLike(tx: Queryable, providerId: string, base: string): Promise<string[]> {
    const found = await rows<{ slug: string }>(
      tx,
      `SELECT slug FROM properties WHERE provider_id = $1 AND deleted_at IS NULL AND (slug = $2 OR slug LIKE $3)`,
      [providerId, base, `${base}-%`],
    );
    return found.map((row) => row.slug);
  }

  async insert(tx: Queryable, property: NewPropertyRow): Promise<void> {
    await rows(
      tx,
      `INSERT INTO properties (id, provider_id, slug, title, address, formatted_address, street_address, suburb,
         state, postcode, country, country_short_name, latitude, longitude, matterport_key, start_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        property.id,
        property.providerId,
        property.slug,
        property.title,
        property.address,
        property.formattedAddress,
        property.streetAddress,
        property.suburb,
        property.state,
        property.postcode,
        property.country,
        property.countryShortName,
        property.latitude,
        property.longitude,
        property.matterportKey,
        property.startPosition,
      ],
    );
  }

  async update(tx: Queryable, providerId: string, id: string, edit: PropertyEdit): Promise<void> {
    await affected(
      tx,
      `UPDATE properties SET title = $3, address = $4, formatted_address = $5, street_address = $6, suburb = $7,
           state = $8, postcode = $9, country = $10, country_short_name = $11, latitude = $12, longitude = $13,
           matterport_key = $14, start_position = $15, updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
      [
        providerId,
        id,
        edit.title,
        edit.address,
        edit.formattedAddress,
        edit.streetAddress,
        edit.suburb,
        edit.state,
        edit.postcode,
        edit.country,
        edit.countryShortName,
        edit.latitude,
        edit.longitude,
        edit.matterportKey,
        edit.startPosition,
      ],
    );
  }

  /**
   * Soft: the row stays (restorable), the tour stops being published, counted and paid for. `version`: billing's
   * word on the tour's payment once it stopped (if it gave one).
   */
  async softDelete(tx: Queryable, providerId: string, id: string, version: number | null): Promise<void> {
    await affected(
      tx,
      `UPDATE properties SET deleted_at = now(), tour_published = false, website_published = false, premium = false,
           premium_since = NULL, immex_subscription_id = NULL,
           immex_changed_at = CASE WHEN immex_subscription_id IS NOT NULL THEN now() ELSE immex_changed_at END,
           immex_version = greatest(immex_version, $3::bigint), updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
      [providerId, id, version],
    );
  }

  /** Brings a deleted property back (a new slug if its old one was taken since); its provider and title. */
  restore(tx: Queryable, id: string): Promise<{ providerId: string; title: string } | undefined> {
    // A data-modifying CTE answers rows like a SELECT (a bare UPDATE answers [rows, count]).
    return one<{ providerId: string; title: string }>(
      tx,
      `WITH restored AS (
           UPDATE properties p SET deleted_at = NULL, updated_at = now(),
             slug = CASE WHEN EXISTS (SELECT 1 FROM properties o WHERE o.provider_id = p.provider_id
                                       AND o.slug = p.slug AND o.deleted_at IS NULL)
                         THEN p.slug || '-' || substr(p.id::text, 1, 4) ELSE p.slug END
            WHERE id = $1 AND deleted_at IS NOT NULL RETURNING provider_id AS "providerId", title)
         SELECT * FROM restored`,
      [id],
    );
  }

  async setPublication(tx: Queryable, providerId: string, id: string, next: Publication): Promise<void> {
    await affected(
      tx,
      `UPDATE properties SET tour_published = $3, website_published = $4, premium = $5,
           premium_since = CASE WHEN $5 AND NOT premium THEN now() WHEN $5 THEN premium_since END,
           published_at = CASE WHEN $3 AND NOT tour_published THEN now() WHEN $3 THEN published_at END,
           immex_changed_at = CASE WHEN immex_subscription_id IS DISTINCT FROM $6 THEN now() ELSE immex_changed_at END,
           immex_subscription_id = $6, immex_version = greatest(immex_version, $7::bigint), updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
      [providerId, id, next.tour, next.website, next.premium, next.immexSubscriptionId, next.version],
    );
  }

  /** The provider's live premium tours inside the plan's quota (not paid on their own), but `exceptId`. */
  async premiumCount(tx: Queryable, providerId: string, exceptId: string): Promise<number> {
    const row = await one<{ count: number }>(
      tx,
      `SELECT count(*)::int AS count FROM properties
        WHERE provider_id = $1 AND premium AND immex_subscription_id IS NULL AND deleted_at IS NULL AND id <> $2`,
      [providerId, exceptId],
    );
    return row?.count ?? 0;
  }

  /** The premium tours inside the quota beyond the newest `limit`, newest first (`lock`: FOR UPDATE). */
  premiumBeyond(tx: Queryable, providerId: string, limit: number, lock: boolean): Promise<PremiumTourRow[]> {
    return rows<PremiumTourRow>(
      tx,
      `SELECT id, title, premium_since AS "premiumSince" FROM properties
        WHERE provider_id = $1 AND premium AND immex_subscription_id IS NULL AND deleted_at IS NULL
        ORDER BY premium_since DESC, id DESC OFFSET $2 ${lock ? 'FOR UPDATE' : ''}`,
      [providerId, limit],
    );
  }

  async turnBasic(tx: Queryable, providerId: string, ids: string[]): Promise<void> {
    await affected(
      tx,
      `UPDATE properties SET premium = false, premium_since = NULL, updated_at = now()
        WHERE provider_id = $1 AND id = ANY($2::uuid[])`,
      [providerId, ids],
    );
  }

  /** The provider's shared tours and published websites, oldest first; locked with `lock`. */
  published(tx: Queryable, providerId: string, lock: boolean): Promise<PublishedRow[]> {
    return rows<PublishedRow>(
      tx,
      `SELECT id, title, tour_published AS tour, website_published AS website, premium FROM properties
        WHERE provider_id = $1 AND deleted_at IS NULL AND (tour_published OR website_published)
        ORDER BY created_at, id ${lock ? 'FOR UPDATE' : ''}`,
      [providerId],
    );
  }

  async unpublish(tx: Queryable, providerId: string, ids: string[]): Promise<void> {
    await affected(
      tx,
      `UPDATE properties SET tour_published = false, website_published = false, published_at = NULL,
           updated_at = now()
          WHERE provider_id = $1 AND id = ANY($2::uuid[])`,
      [providerId, ids],
    );
  }

  /** Billing's newer word that the tour is paid for: premium outside the quota (a live tour only). */
  async extensionActive(tx: Queryable, word: ExtensionWord): Promise<void> {
    await affected(
      tx,
      `UPDATE properties SET premium = true, premium_since = coalesce(premium_since, now()),
           immex_subscription_id = $3, immex_changed_at = $4, immex_version = $5, updated_at = now()
         WHERE ${NEWER_EXTENSION_WORD} AND deleted_at IS NULL`,
      extensionParams(word),
    );
  }

  /** Billing's newer word on another payment than the tour's: recorded, so that an older one changes nothing. */
  async extensionElsewhere(tx: Queryable, word: ExtensionWord): Promise<void> {
    await affected(
      tx,
      `UPDATE properties SET immex_changed_at = $4, immex_version = $5
        WHERE ${NEWER_EXTENSION_WORD} AND immex_subscription_id IS DISTINCT FROM $3`,
      extensionParams(word),
    );
  }

  /** Billing's newer word that the tour's payment ended: the tour turns basic. Whether it did. */
  async extensionEnded(tx: Queryable, word: ExtensionWord): Promise<boolean> {
    const ended = await rows<{ id: string }>(
      tx,
      `WITH ended AS (
         UPDATE properties SET premium = false, premium_since = NULL, immex_subscription_id = NULL,
           immex_changed_at = $4, immex_version = $5, updated_at = now()
          WHERE ${NEWER_EXTENSION_WORD} AND immex_subscription_id = $3 RETURNING id)
       SELECT id FROM ended`,
      extensionParams(word),
    );
    return ended.length > 0;
  }

  /** The provider's live property by slug, while its website is published. */
  findPublishedWebsite(providerId: string, slug: string): Promise<PublicPropertyRow | undefined> {
    return one<PublicPropertyRow>(
      this.db.dataSource,
      `SELECT id, slug, title, address, formatted_address AS "formattedAddress", latitude, longitude
         FROM properties
        WHERE provider_id = $1 AND slug = $2 AND deleted_at IS NULL AND website_published`,
      [providerId, slug],
    );
  }

  /** Whether the property's website is live (false for an unknown property). */
  async websitePublished(tx: Queryable, id: string): Promise<boolean> {
    const row = await one<{ published: boolean }>(
      tx,
      'SELECT website_published AS published FROM properties WHERE id = $1',
      [id],
    );
    return row?.published ?? false;
  }
}

function matching(providerId: string, filter: PropertyFilter): { conditions: string; params: unknown[] } {
  const conditions = ['provider_id = $1', 'deleted_at IS NULL'];
  const params: unknown[] = [providerId];
  const pattern = likePattern(filter.search);
  if (pattern) {
    params.push(pattern);
    conditions.push(`search_text LIKE lower($${params.length})`);
  }
  if (filter.status) conditions.push(filter.status === 'published' ? 'tour_published' : 'NOT tour_published');
  if (filter.tourType) conditions.push(filter.tourType === 'premium' ? 'premium' : 'NOT premium');
  return { conditions: conditions.join(' AND '), params };
}

/**
 * The live properties a model list reads (`scope`: one provider's, `$1`, when the filter names one) and the search
 * on them (`search`: a property's title or address, or the model id), if any.
 */
function modelMatching(filter: ModelFilter): { scope: string; search: string | null; params: unknown[] } {
  const params: unknown[] = [];
  let scope = 'deleted_at IS NULL';
  if (filter.providerId) {
    params.push(filter.providerId);
    scope += ` AND provider_id = $${params.length}`;
  }
  const pattern = likePattern(filter.search);
  if (!pattern) return { scope, search: null, params };
  params.push(pattern);
  const p = `lower($${params.length})`;
  return { scope, search: `(search_text LIKE ${p} OR lower(matterport_key) LIKE ${p})`, params };
}

function extensionParams(word: ExtensionWord): unknown[] {
  return [word.providerId, word.propertyId, word.extensionId, word.occurredAt, word.version];
}
