import { Injectable } from '@nestjs/common';
import {
  Database,
  likePattern,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Queryable,
} from '@tourly/platform';
import type { GeocodedAddress } from '../geocoding/geocoder';
import type {
  IAdvisoryLockQuery,
  ICountPropertiesQuery,
  IExtensionActiveQuery,
  IExtensionElsewhereQuery,
  IExtensionEndedQuery,
  IFindPropertyQuery,
  IFindPropertyResult,
  IFindPublishedWebsiteQuery,
  IFindPublishedWebsiteResult,
  IFindScopedPropertyQuery,
  IFindScopedPropertyResult,
  IInsertPropertyParams,
  IInsertPropertyQuery,
  ILockPropertyQuery,
  ILockPremiumBeyondQuery,
  ILockPublishedQuery,
  IModelCountQuery,
  IModelPageQuery,
  IModelPageResult,
  IOwnedPropertyIdsQuery,
  IPremiumBeyondQuery,
  IPremiumBeyondResult,
  IPremiumCountQuery,
  IPropertyPageQuery,
  IPublishedQuery,
  IPublishedResult,
  IRestorePropertyQuery,
  ISetPublicationQuery,
  ISlugsLikeQuery,
  ISoftDeletePropertyQuery,
  ITurnBasicQuery,
  IUnpublishQuery,
  IUpdatePropertyQuery,
  IWebsitePublishedQuery,
} from './properties.repository.types';

/** The geocoded parts as stored: unset until an address is geocoded. */
export type StoredAddress = { [Part in keyof GeocodedAddress]: GeocodedAddress[Part] | null };

/** A live or deleted property as the service reads it. */
export type PropertyRow = IFindPropertyResult;

/** What a property is made from: its names, its place as geocoded, its Matterport model. */
export type NewPropertyRow = IInsertPropertyParams & GeocodedAddress;

/** A property's edit: every editable column, as it will be. */
export type PropertyEdit = Pick<
  PropertyRow,
  'title' | 'address' | 'matterportKey' | 'startPosition' | 'providerClientId'
> &
  StoredAddress;

/** Which of the provider's live properties a list shows. */
export interface PropertyFilter {
  search?: string;
  status?: 'published' | 'unpublished';
  tourType?: 'basic' | 'premium';
  /** One client's properties. */
  providerClientId?: string;
}

/** Which Matterport models of live properties a list shows: one provider's (else every provider's), searched. */
export interface ModelFilter {
  providerId?: string;
  search?: string;
}

/**
 * A Matterport model live properties show: the first of them made (its title) and how many show it, with the count
 * of all matches (`total`).
 */
export type ModelRow = IModelPageResult;

/** What a publishing change writes (`version`: billing's word on the tour's payment, if it gave one). */
export interface Publication {
  tour: boolean;
  website: boolean;
  premium: boolean;
  immexSubscriptionId: string | null;
  version: number | null;
}

/** The property a media, contact or website route is about. */
export type ScopedProperty = IFindScopedPropertyResult;

/** A published website's property, as visitors see it. */
export type PublicPropertyRow = IFindPublishedWebsiteResult;

/** A premium tour inside the plan's quota. */
export type PremiumTourRow = IPremiumBeyondResult;

/** A shared tour or published website. */
export type PublishedRow = IPublishedResult;

/** Billing's word on a tour paid on its own (see PremiumToursService.applyExtensionChange). */
export interface ExtensionWord {
  providerId: string;
  propertyId: string;
  extensionId: string;
  occurredAt: string;
  version: number | null;
}

const advisoryLock = sql<IAdvisoryLockQuery>`SELECT pg_advisory_xact_lock(hashtext($key!))`;

// The list's filters are parameters, null when not asked for: the statement is planned with their values, so
// a filter not asked for costs nothing. The matches are found once, narrow (id and order): their count is the
// total, and only the page's rows are read whole.
const propertyPage = sql<IPropertyPageQuery>`
  WITH matches AS MATERIALIZED (
    SELECT id, created_at FROM properties
     WHERE provider_id = $providerId! AND deleted_at IS NULL
       AND ($search::text IS NULL OR search_text LIKE lower($search))
       AND ($tourPublished::boolean IS NULL OR tour_published = $tourPublished)
       AND ($premium::boolean IS NULL OR premium = $premium)
       AND ($providerClientId::uuid IS NULL OR provider_client_id = $providerClientId)
  ), page AS (
    SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC LIMIT $limit! OFFSET $offset!
  )
  SELECT id, provider_id AS "providerId", slug, title, address, formatted_address AS "formattedAddress",
    street_address AS "streetAddress", suburb, state, postcode, country, country_short_name AS "countryShortName",
    latitude, longitude, matterport_key AS "matterportKey", start_position AS "startPosition",
    tour_published AS "tourPublished", website_published AS "websitePublished", premium,
    immex_subscription_id AS "immexSubscriptionId", provider_client_id AS "providerClientId",
    hosting_exempt AS "hostingExempt", hosting_paused_at AS "hostingPausedAt",
    published_at AS "publishedAt", created_at AS "createdAt",
    updated_at AS "updatedAt", (SELECT count(*) FROM matches)::int AS "total!"
  FROM properties JOIN page USING (id, created_at) ORDER BY created_at DESC, id DESC`;

const countProperties = sql<ICountPropertiesQuery>`
  SELECT count(*)::int AS "total!" FROM properties
   WHERE provider_id = $providerId! AND deleted_at IS NULL
     AND ($search::text IS NULL OR search_text LIKE lower($search))
     AND ($tourPublished::boolean IS NULL OR tour_published = $tourPublished)
     AND ($premium::boolean IS NULL OR premium = $premium)
     AND ($providerClientId::uuid IS NULL OR provider_client_id = $providerClientId)`;

// One provider's models when `providerId` is given, else every provider's; a search matches a model by its id or
// by the title or address of any property showing it. A model's first title is never null (title is NOT NULL and
// a group has a property), nor its count.
const modelPage = sql<IModelPageQuery>`
  WITH models AS (
    SELECT matterport_key AS id, (array_agg(title ORDER BY created_at, id))[1] AS name,
           count(*)::int AS "propertyCount"
      FROM properties
     WHERE deleted_at IS NULL AND ($providerId::uuid IS NULL OR provider_id = $providerId)
       AND ($search::text IS NULL OR matterport_key IN (
             SELECT matterport_key FROM properties
              WHERE deleted_at IS NULL AND ($providerId::uuid IS NULL OR provider_id = $providerId)
                AND (search_text LIKE lower($search) OR lower(matterport_key) LIKE lower($search))))
     GROUP BY matterport_key
  )
  SELECT id, name AS "name!", "propertyCount" AS "propertyCount!", count(*) OVER ()::int AS "total!" FROM models
   ORDER BY lower(name), id LIMIT $limit! OFFSET $offset!`;

const modelCount = sql<IModelCountQuery>`
  SELECT count(DISTINCT matterport_key)::int AS "total!" FROM properties
   WHERE deleted_at IS NULL AND ($providerId::uuid IS NULL OR provider_id = $providerId)
     AND ($search::text IS NULL OR (search_text LIKE lower($search) OR lower(matterport_key) LIKE lower($search)))`;

const ownedPropertyIds = sql<IOwnedPropertyIdsQuery>`
  SELECT id FROM properties WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[]) AND deleted_at IS NULL`;

const findProperty = sql<IFindPropertyQuery>`
  SELECT id, provider_id AS "providerId", slug, title, address, formatted_address AS "formattedAddress",
    street_address AS "streetAddress", suburb, state, postcode, country, country_short_name AS "countryShortName",
    latitude, longitude, matterport_key AS "matterportKey", start_position AS "startPosition",
    tour_published AS "tourPublished", website_published AS "websitePublished", premium,
    immex_subscription_id AS "immexSubscriptionId", provider_client_id AS "providerClientId",
    hosting_exempt AS "hostingExempt", hosting_paused_at AS "hostingPausedAt",
    published_at AS "publishedAt", created_at AS "createdAt",
    updated_at AS "updatedAt"
  FROM properties WHERE provider_id = $providerId! AND id = $id! AND deleted_at IS NULL`;

const lockProperty = sql<ILockPropertyQuery>`
  SELECT id, provider_id AS "providerId", slug, title, address, formatted_address AS "formattedAddress",
    street_address AS "streetAddress", suburb, state, postcode, country, country_short_name AS "countryShortName",
    latitude, longitude, matterport_key AS "matterportKey", start_position AS "startPosition",
    tour_published AS "tourPublished", website_published AS "websitePublished", premium,
    immex_subscription_id AS "immexSubscriptionId", provider_client_id AS "providerClientId",
    hosting_exempt AS "hostingExempt", hosting_paused_at AS "hostingPausedAt",
    published_at AS "publishedAt", created_at AS "createdAt",
    updated_at AS "updatedAt"
  FROM properties WHERE provider_id = $providerId! AND id = $id! AND deleted_at IS NULL FOR UPDATE`;

const findScopedProperty = sql<IFindScopedPropertyQuery>`
  SELECT id, slug, title FROM properties WHERE provider_id = $providerId! AND id = $id! AND deleted_at IS NULL`;

const slugsLike = sql<ISlugsLikeQuery>`
  SELECT slug FROM properties
   WHERE provider_id = $providerId! AND deleted_at IS NULL AND (slug = $base! OR slug LIKE $pattern!)`;

const insertProperty = sql<IInsertPropertyQuery>`
  INSERT INTO properties (id, provider_id, slug, title, address, formatted_address, street_address, suburb,
    state, postcode, country, country_short_name, latitude, longitude, matterport_key, start_position)
  VALUES ($id!, $providerId!, $slug!, $title!, $address!, $formattedAddress, $streetAddress, $suburb, $state,
    $postcode, $country, $countryShortName, $latitude, $longitude, $matterportKey!, $startPosition)`;

const updateProperty = sql<IUpdatePropertyQuery>`
  UPDATE properties SET title = $title!, address = $address!, formatted_address = $formattedAddress,
    street_address = $streetAddress, suburb = $suburb, state = $state, postcode = $postcode, country = $country,
    country_short_name = $countryShortName, latitude = $latitude, longitude = $longitude,
    matterport_key = $matterportKey!, start_position = $startPosition, provider_client_id = $providerClientId,
    updated_at = now()
  WHERE provider_id = $providerId! AND id = $id!`;

const softDeleteProperty = sql<ISoftDeletePropertyQuery>`
  UPDATE properties SET deleted_at = now(), tour_published = false, website_published = false, premium = false,
    premium_since = NULL, immex_subscription_id = NULL,
    immex_changed_at = CASE WHEN immex_subscription_id IS NOT NULL THEN now() ELSE immex_changed_at END,
    immex_version = greatest(immex_version, $version::bigint), updated_at = now()
  WHERE provider_id = $providerId! AND id = $id!`;

// A data-modifying CTE answers rows like a SELECT (a bare UPDATE answers [rows, count]).
const restoreProperty = sql<IRestorePropertyQuery>`
  WITH restored AS (
    UPDATE properties p SET deleted_at = NULL, updated_at = now(),
      slug = CASE WHEN EXISTS (SELECT 1 FROM properties o WHERE o.provider_id = p.provider_id
                                AND o.slug = p.slug AND o.deleted_at IS NULL)
                  THEN p.slug || '-' || substr(p.id::text, 1, 4) ELSE p.slug END
     WHERE id = $id! AND deleted_at IS NOT NULL RETURNING provider_id AS "providerId", title)
  SELECT * FROM restored`;

const setPublication = sql<ISetPublicationQuery>`
  UPDATE properties SET tour_published = $tour!, website_published = $website!, premium = $premium!,
    premium_since = CASE WHEN $premium! AND NOT premium THEN now() WHEN $premium! THEN premium_since END,
    published_at = CASE WHEN $tour! AND NOT tour_published THEN now() WHEN $tour! THEN published_at END,
    immex_changed_at = CASE WHEN immex_subscription_id IS DISTINCT FROM $immexSubscriptionId THEN now()
                            ELSE immex_changed_at END,
    immex_subscription_id = $immexSubscriptionId, immex_version = greatest(immex_version, $version::bigint),
    updated_at = now()
  WHERE provider_id = $providerId! AND id = $id!`;

const premiumCount = sql<IPremiumCountQuery>`
  SELECT count(*)::int AS "count!" FROM properties
   WHERE provider_id = $providerId! AND premium AND immex_subscription_id IS NULL AND deleted_at IS NULL
     AND id <> $exceptId!`;

// A premium tour has its premium_since: every statement that makes a tour premium stamps it, and every one that
// turns it basic clears it ("premiumSince!"; no CHECK says so).
const premiumBeyond = sql<IPremiumBeyondQuery>`
  SELECT id, title, premium_since AS "premiumSince!" FROM properties
   WHERE provider_id = $providerId! AND premium AND immex_subscription_id IS NULL AND deleted_at IS NULL
   ORDER BY premium_since DESC, id DESC OFFSET $limit!`;

const lockPremiumBeyond = sql<ILockPremiumBeyondQuery>`
  SELECT id, title, premium_since AS "premiumSince!" FROM properties
   WHERE provider_id = $providerId! AND premium AND immex_subscription_id IS NULL AND deleted_at IS NULL
   ORDER BY premium_since DESC, id DESC OFFSET $limit! FOR UPDATE`;

const turnBasic = sql<ITurnBasicQuery>`
  UPDATE properties SET premium = false, premium_since = NULL, updated_at = now()
   WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[])`;

const published = sql<IPublishedQuery>`
  SELECT id, title, tour_published AS tour, website_published AS website, premium FROM properties
   WHERE provider_id = $providerId! AND deleted_at IS NULL AND (tour_published OR website_published)
   ORDER BY created_at, id`;

const lockPublished = sql<ILockPublishedQuery>`
  SELECT id, title, tour_published AS tour, website_published AS website, premium FROM properties
   WHERE provider_id = $providerId! AND deleted_at IS NULL AND (tour_published OR website_published)
   ORDER BY created_at, id FOR UPDATE`;

const unpublish = sql<IUnpublishQuery>`
  UPDATE properties SET tour_published = false, website_published = false, published_at = NULL, updated_at = now()
   WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[])`;

// Billing's word on a tour changes the row only if newer than the one recorded (billing-versions): with a version,
// a greater one than recorded; without one, only while none with a version is recorded, and then a later one.
const extensionActive = sql<IExtensionActiveQuery>`
  UPDATE properties SET premium = true, premium_since = coalesce(premium_since, now()),
    immex_subscription_id = $extensionId!, immex_changed_at = $occurredAt!, immex_version = $version,
    updated_at = now()
  WHERE provider_id = $providerId! AND id = $propertyId!
    AND CASE WHEN $version::bigint IS NOT NULL THEN coalesce(immex_version, 0) < $version::bigint
             ELSE immex_version IS NULL AND (immex_changed_at IS NULL OR immex_changed_at < $occurredAt!) END
    AND deleted_at IS NULL`;

const extensionElsewhere = sql<IExtensionElsewhereQuery>`
  UPDATE properties SET immex_changed_at = $occurredAt!, immex_version = $version
  WHERE provider_id = $providerId! AND id = $propertyId!
    AND CASE WHEN $version::bigint IS NOT NULL THEN coalesce(immex_version, 0) < $version::bigint
             ELSE immex_version IS NULL AND (immex_changed_at IS NULL OR immex_changed_at < $occurredAt!) END
    AND immex_subscription_id IS DISTINCT FROM $extensionId!`;

const extensionEnded = sql<IExtensionEndedQuery>`
  WITH ended AS (
    UPDATE properties SET premium = false, premium_since = NULL, immex_subscription_id = NULL,
      immex_changed_at = $occurredAt!, immex_version = $version, updated_at = now()
    WHERE provider_id = $providerId! AND id = $propertyId!
      AND CASE WHEN $version::bigint IS NOT NULL THEN coalesce(immex_version, 0) < $version::bigint
               ELSE immex_version IS NULL AND (immex_changed_at IS NULL OR immex_changed_at < $occurredAt!) END
      AND immex_subscription_id = $extensionId!
    RETURNING id)
  SELECT id FROM ended`;

const findPublishedWebsite = sql<IFindPublishedWebsiteQuery>`
  SELECT id, slug, title, address, formatted_address AS "formattedAddress", latitude, longitude
    FROM properties
   WHERE provider_id = $providerId! AND slug = $slug! AND deleted_at IS NULL AND website_published`;

const websitePublished = sql<IWebsitePublishedQuery>`
  SELECT website_published AS published FROM properties WHERE id = $id!`;

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
    await queryRows(tx, advisoryLock, { key: `quota:${providerId}` });
  }

  /** Changes to a property's media take turns until the transaction ends (leaving the property row itself free). */
  async lockMedia(tx: Queryable, propertyId: string): Promise<void> {
    await queryRows(tx, advisoryLock, { key: `media:${propertyId}` });
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
    return queryRows(this.db.dataSource, propertyPage, { ...matching(providerId, filter), limit, offset });
  }

  async count(providerId: string, filter: PropertyFilter): Promise<number> {
    const row = await queryOne(this.db.dataSource, countProperties, matching(providerId, filter));
    return row?.total ?? 0;
  }

  /**
   * A page of the Matterport models live properties show (the back office's scan model picker), by the title of the
   * first property made of each, each row with the count of all matches (`total`). A search matches a model by its
   * id or by the title or address of any property showing it.
   */
  models(filter: ModelFilter, limit: number, offset: number): Promise<ModelRow[]> {
    return queryRows(this.db.dataSource, modelPage, { ...modelMatching(filter), limit, offset });
  }

  async modelCount(filter: ModelFilter): Promise<number> {
    const row = await queryOne(this.db.dataSource, modelCount, modelMatching(filter));
    return row?.total ?? 0;
  }

  /** The provider's live property (`forUpdate`: its row locked until the transaction ends). */
  /** Which of these ids are the provider's properties (deleted ones left out). */
  async owned(providerId: string, ids: string[]): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, ownedPropertyIds, { providerId, ids });
    return found.map((row) => row.id);
  }

  find(tx: Queryable, providerId: string, id: string, forUpdate = false): Promise<PropertyRow | undefined> {
    return queryOne(tx, forUpdate ? lockProperty : findProperty, { providerId, id });
  }

  /** The provider's live property's id, slug and title. */
  findScoped(tx: Queryable, providerId: string, id: string): Promise<ScopedProperty | undefined> {
    return queryOne(tx, findScopedProperty, { providerId, id });
  }

  /** Slugs of the provider's live properties that are `base` or start with `base-`. */
  async slugsLike(tx: Queryable, providerId: string, base: string): Promise<string[]> {
    const found = await queryRows(tx, slugsLike, { providerId, base, pattern: `${base}-%` });
    return found.map((row) => row.slug);
  }

  async insert(tx: Queryable, property: NewPropertyRow): Promise<void> {
    await queryRows(tx, insertProperty, property);
  }

  async update(tx: Queryable, providerId: string, id: string, edit: PropertyEdit): Promise<void> {
    await queryAffected(tx, updateProperty, { ...edit, providerId, id });
  }

  /**
   * Soft: the row stays (restorable), the tour stops being published, counted and paid for. `version`: billing's
   * word on the tour's payment once it stopped (if it gave one).
   */
  async softDelete(tx: Queryable, providerId: string, id: string, version: number | null): Promise<void> {
    await queryAffected(tx, softDeleteProperty, { providerId, id, version });
  }

  /** Brings a deleted property back (a new slug if its old one was taken since); its provider and title. */
  restore(tx: Queryable, id: string): Promise<{ providerId: string; title: string } | undefined> {
    return queryOne(tx, restoreProperty, { id });
  }

  async setPublication(tx: Queryable, providerId: string, id: string, next: Publication): Promise<void> {
    await queryAffected(tx, setPublication, { ...next, providerId, id });
  }

  /** The provider's live premium tours inside the plan's quota (not paid on their own), but `exceptId`. */
  async premiumCount(tx: Queryable, providerId: string, exceptId: string): Promise<number> {
    const row = await queryOne(tx, premiumCount, { providerId, exceptId });
    return row?.count ?? 0;
  }

  /** The premium tours inside the quota beyond the newest `limit`, newest first (`lock`: FOR UPDATE). */
  premiumBeyond(tx: Queryable, providerId: string, limit: number, lock: boolean): Promise<PremiumTourRow[]> {
    return queryRows(tx, lock ? lockPremiumBeyond : premiumBeyond, { providerId, limit });
  }

  async turnBasic(tx: Queryable, providerId: string, ids: string[]): Promise<void> {
    await queryAffected(tx, turnBasic, { providerId, ids });
  }

  /** The provider's shared tours and published websites, oldest first; locked with `lock`. */
  published(tx: Queryable, providerId: string, lock: boolean): Promise<PublishedRow[]> {
    return queryRows(tx, lock ? lockPublished : published, { providerId });
  }

  async unpublish(tx: Queryable, providerId: string, ids: string[]): Promise<void> {
    await queryAffected(tx, unpublish, { providerId, ids });
  }

  /** Billing's newer word that the tour is paid for: premium outside the quota (a live tour only). */
  async extensionActive(tx: Queryable, word: ExtensionWord): Promise<void> {
    await queryAffected(tx, extensionActive, word);
  }

  /** Billing's newer word on another payment than the tour's: recorded, so that an older one changes nothing. */
  async extensionElsewhere(tx: Queryable, word: ExtensionWord): Promise<void> {
    await queryAffected(tx, extensionElsewhere, word);
  }

  /** Billing's newer word that the tour's payment ended: the tour turns basic. Whether it did. */
  async extensionEnded(tx: Queryable, word: ExtensionWord): Promise<boolean> {
    const ended = await queryRows(tx, extensionEnded, word);
    return ended.length > 0;
  }

  /** The provider's live property by slug, while its website is published. */
  findPublishedWebsite(providerId: string, slug: string): Promise<PublicPropertyRow | undefined> {
    return queryOne(this.db.dataSource, findPublishedWebsite, { providerId, slug });
  }

  /** Whether the property's website is live (false for an unknown property). */
  async websitePublished(tx: Queryable, id: string): Promise<boolean> {
    const row = await queryOne(tx, websitePublished, { id });
    return row?.published ?? false;
  }
}

/** The list's filters as the statements' parameters (null: not asked for). */
function matching(providerId: string, filter: PropertyFilter) {
  return {
    providerId,
    search: likePattern(filter.search),
    tourPublished: filter.status ? filter.status === 'published' : null,
    premium: filter.tourType ? filter.tourType === 'premium' : null,
    providerClientId: filter.providerClientId ?? null,
  };
}

/** The model list's provider (null: every provider's) and search (null: none). */
function modelMatching(filter: ModelFilter) {
  return { providerId: filter.providerId || null, search: likePattern(filter.search) };
}
