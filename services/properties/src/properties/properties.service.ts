import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@tourly/contracts';
import {
  ApiError,
  Database,
  EventBus,
  isUuid,
  likePattern,
  type Page,
  pageWithTotal,
  uuidv7,
} from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { Geocoder, type GeocodedAddress } from '../geocoding/geocoder';
import { Plans, PUBLISHING_NEEDS_PLAN, quotaFull } from '../plans/plans';
import { PremiumTourPayments, type PaymentShown } from '../premium-tours/premium-tour-payments';
import { parseScanKey } from '../scan-keys/scan-key';
import { PROPERTY_NOT_FOUND } from './property-scope';
import type {
  NewProperty,
  PaymentChoice,
  PropertiesQuery,
  PropertyChanges,
  PublishedFeaturesForm,
} from './properties.dto';

export const SCAN_KEY_INVALID =
  'is not a Matterport model id (5 or more letters or digits) or a link to a Matterport model';

export interface Property {
  id: string;
  slug: string;
  title: string;
  address: string;
  geocodedAddress: Omit<GeocodedAddress, 'formattedAddress'> & Pick<StoredAddress, 'formattedAddress'>;
  matterportKey: string;
  startPosition: string | null;
  publishedFeatures: { tour: boolean; website: boolean; premium: boolean };
  tourType: 'basic' | 'premium';
  /** The billing subscription paying for this premium tour on its own (outside the plan's quota), if any. */
  immexSubscriptionId: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The geocoded parts as stored: unset until an address is geocoded. */
type StoredAddress = { [Part in keyof GeocodedAddress]: GeocodedAddress[Part] | null };

interface PropertyRow extends StoredAddress {
  id: string;
  providerId: string;
  slug: string;
  title: string;
  address: string;
  matterportKey: string;
  startPosition: string | null;
  tourPublished: boolean;
  websitePublished: boolean;
  premium: boolean;
  immexSubscriptionId: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, provider_id AS "providerId", slug, title, address, formatted_address AS "formattedAddress",
  street_address AS "streetAddress", suburb, state, postcode, country, country_short_name AS "countryShortName",
  latitude, longitude, matterport_key AS "matterportKey", start_position AS "startPosition",
  tour_published AS "tourPublished", website_published AS "websitePublished", premium,
  immex_subscription_id AS "immexSubscriptionId",
  published_at AS "publishedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * A provider's properties (001 §3, §7): created from a title, an address (geocoded) and a Matterport model;
 * listed newest first with search and filters; deleted softly, so an admin can restore a mis-click. Every
 * query filters on the provider: another provider's id is a 404, never its data.
 */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly db: Database,
    private readonly geocoder: Geocoder,
    private readonly plans: Plans,
    private readonly payments: PremiumTourPayments,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(providerId: string, query: PropertiesQuery): Promise<Page<Property>> {
    const conditions = ['provider_id = $1', 'deleted_at IS NULL'];
    const params: unknown[] = [providerId];
    const pattern = likePattern(query.search);
    if (pattern) {
      params.push(pattern);
      conditions.push(`search_text LIKE lower($${params.length})`);
    }
    if (query.filters?.status)
      conditions.push(query.filters.status === 'published' ? 'tour_published' : 'NOT tour_published');
    if (query.filters?.tourType)
      conditions.push(query.filters.tourType === 'premium' ? 'premium' : 'NOT premium');
    // The matches are found once, narrow (id and order): their count is the total, and only the page's rows are
    // read whole. A page past the end has no row to carry the total: then it is asked on its own (the first page
    // empty means none).
    const rows = (await this.db.dataSource.query(
      `WITH matches AS MATERIALIZED (
         SELECT id, created_at FROM properties WHERE ${conditions.join(' AND ')}
       ), page AS (
         SELECT id, created_at FROM matches ORDER BY created_at DESC, id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       )
       SELECT ${COLUMNS}, (SELECT count(*) FROM matches)::int AS total
         FROM properties JOIN page USING (id, created_at) ORDER BY created_at DESC, id DESC`,
      [...params, query.pageSize, query.offset],
    )) as Array<PropertyRow & { total: number }>;
    const page = await pageWithTotal(rows, query, async () => {
      const [{ total }] = (await this.db.dataSource.query(
        `SELECT count(*)::int AS total FROM properties WHERE ${conditions.join(' AND ')}`,
        params,
      )) as Array<{ total: number }>;
      return total;
    });
    return { ...page, items: page.items.map(toProperty) };
  }

  async get(providerId: string, id: string): Promise<Property> {
    return toProperty(await this.row(this.db.dataSource.manager, providerId, id));
  }

  async create(providerId: string, input: NewProperty): Promise<Property> {
    const scanKey = parseScanKey(input.matterportKey);
    if (!scanKey) throw ApiError.invalid('createTourParams.matterportKey', SCAN_KEY_INVALID);
    const place = await this.geocoder.geocode(input.address, 'createTourParams.address');
    const id = uuidv7();
    return this.db.transaction(async (tx) => {
      const slug = await this.freeSlug(tx, providerId, input.title);
      await tx.query(
        `INSERT INTO properties (id, provider_id, slug, title, address, formatted_address, street_address, suburb,
           state, postcode, country, country_short_name, latitude, longitude, matterport_key, start_position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          id,
          providerId,
          slug,
          input.title,
          input.address,
          place.formattedAddress,
          place.streetAddress,
          place.suburb,
          place.state,
          place.postcode,
          place.country,
          place.countryShortName,
          place.latitude,
          place.longitude,
          scanKey.modelId,
          scanKey.startPosition,
        ],
      );
      await this.events.publish(
        'properties.property.created.v1',
        { providerId, propertyId: id, title: input.title },
        tx,
      );
      return toProperty(await this.row(tx, providerId, id));
    });
  }

  async update(providerId: string, id: string, changes: PropertyChanges): Promise<Property> {
    const scanKey = changes.matterportKey === undefined ? undefined : parseScanKey(changes.matterportKey);
    if (scanKey === null) throw ApiError.invalid('property.matterportKey', SCAN_KEY_INVALID);
    if (changes.title === '') throw ApiError.invalid('property.title', MESSAGES.required);
    if (changes.address === '') throw ApiError.invalid('property.address', MESSAGES.required);
    const place = changes.address
      ? await this.geocoder.geocode(changes.address, 'property.address')
      : undefined;
    return this.db.transaction(async (tx) => {
      const current = await this.row(tx, providerId, id, true);
      await tx.query(
        `UPDATE properties SET title = $3, address = $4, formatted_address = $5, street_address = $6, suburb = $7,
           state = $8, postcode = $9, country = $10, country_short_name = $11, latitude = $12, longitude = $13,
           matterport_key = $14, start_position = $15, updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
        [
          providerId,
          id,
          changes.title ?? current.title,
          changes.address ?? current.address,
          place ? place.formattedAddress : current.formattedAddress,
          place ? place.streetAddress : current.streetAddress,
          place ? place.suburb : current.suburb,
          place ? place.state : current.state,
          place ? place.postcode : current.postcode,
          place ? place.country : current.country,
          place ? place.countryShortName : current.countryShortName,
          place ? place.latitude : current.latitude,
          place ? place.longitude : current.longitude,
          scanKey ? scanKey.modelId : current.matterportKey,
          scanKey ? scanKey.startPosition : current.startPosition,
        ],
      );
      const title = changes.title ?? current.title;
      await this.events.publish('properties.property.updated.v1', { providerId, propertyId: id, title }, tx);
      return toProperty(await this.row(tx, providerId, id));
    });
  }

  /**
   * Soft: the row stays (restorable by an admin), the tour stops being published, counted and paid for.
   */
  async remove(providerId: string, id: string): Promise<{ id: string }> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`quota:${providerId}`]);
      const current = await this.row(tx, providerId, id, true);
      // A deleted tour is not paid for any longer.
      const stopped = current.immexSubscriptionId ? await this.payments.stopPaying(providerId, id) : null;
      await tx.query(
        `UPDATE properties SET deleted_at = now(), tour_published = false, website_published = false, premium = false,
           premium_since = NULL, immex_subscription_id = NULL,
           immex_changed_at = CASE WHEN immex_subscription_id IS NOT NULL THEN now() ELSE immex_changed_at END,
           immex_version = greatest(immex_version, $3::bigint), updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
        [providerId, id, stopped],
      );
      await this.events.publish(
        'properties.property.deleted.v1',
        { providerId, propertyId: id, title: current.title },
        tx,
      );
      return { id };
    });
  }

  async restore(id: string): Promise<Property> {
    return this.db.transaction(async (tx) => {
      // A data-modifying CTE answers rows like a SELECT (a bare UPDATE answers [rows, count]).
      const [restored] = (await tx.query(
        `WITH restored AS (
           UPDATE properties p SET deleted_at = NULL, updated_at = now(),
             slug = CASE WHEN EXISTS (SELECT 1 FROM properties o WHERE o.provider_id = p.provider_id
                                       AND o.slug = p.slug AND o.deleted_at IS NULL)
                         THEN p.slug || '-' || substr(p.id::text, 1, 4) ELSE p.slug END
            WHERE id = $1 AND deleted_at IS NOT NULL RETURNING provider_id AS "providerId", title)
         SELECT * FROM restored`,
        [id],
      )) as Array<{ providerId: string; title: string }>;
      if (!restored) throw ApiError.notFound(PROPERTY_NOT_FOUND);
      await this.events.publish(
        'properties.property.updated.v1',
        { providerId: restored.providerId, propertyId: id, title: restored.title },
        tx,
      );
      return toProperty(await this.row(tx, restored.providerId, id));
    });
  }

  /**
   * What publishing these features would do, without doing it. `paymentRequired`: only the full premium-tour
   * quota stands in the way, and `price` is what paying for this tour on its own costs (the pay-and-publish modal).
   */
  async previewPublish(providerId: string, id: string, features: PublishedFeaturesForm) {
    const property = await this.get(providerId, id);
    const next = { ...property.publishedFeatures, ...features };
    const plan = await this.plans.of(providerId);
    const used = await this.premiumCount(this.db.dataSource.manager, providerId, id);
    const problem = this.publishingProblem(plan, next, used, property);
    const paymentRequired = problem?.kind === 'quota_full';
    return {
      allowed: problem === null,
      reason: problem?.message ?? null,
      productCode: plan.productCode,
      premiumToursUsed: used + (next.premium && !property.immexSubscriptionId ? 1 : 0),
      premiumTourLimit: plan.premiumTourLimit,
      publishedFeatures: next,
      paymentRequired,
      price: paymentRequired ? await this.payments.quote(providerId) : null,
    };
  }

  /**
   * Publishes or withdraws a property's tour and website, and makes its tour premium or basic. Publishing and
   * sharing need a paid plan; a premium tour needs room in the plan's premium-tour quota, or, with a
   * `paymentMethodId` when the quota is full, is paid for on its own (pay-and-publish). A tour paid on its own
   * that turns basic stops being paid for. One change per provider at a time (an advisory lock, held while billing
   * is asked, so its events about the payment wait for this change), and two tours racing for the last place
   * cannot both get it. Billing's answer (paid, or stopped) is its word on the tour's payment at a version, recorded
   * with what it says (`immex_version`): the lock kept billing's events about the tour waiting since before the call,
   * so none newer is recorded, and one arriving after the answer changes nothing unless its version is greater.
   */
  async setPublishedFeatures(
    providerId: string,
    id: string,
    features: PublishedFeaturesForm,
    payment: PaymentChoice = {},
  ): Promise<Property & { payment: PaymentShown | null }> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`quota:${providerId}`]);
      const current = toProperty(await this.row(tx, providerId, id, true));
      const next = { ...current.publishedFeatures, ...features };
      const plan = await this.plans.of(providerId, tx);
      const used = await this.premiumCount(tx, providerId, id);
      let paid: Awaited<ReturnType<PremiumTourPayments['pay']>> | null = null;
      if (
        payment.paymentMethodId &&
        this.publishingProblem(plan, next, used, current)?.kind === 'quota_full'
      ) {
        paid = await this.payments.pay({
          providerId,
          propertyId: id,
          propertyTitle: current.title,
          paymentMethodId: payment.paymentMethodId,
          setAsDefaultPayment: payment.setAsDefaultPayment,
        });
        // Nothing changes until the person has confirmed the payment; then the same request completes it.
        if (paid.payment.result === 'requires_action') return { ...current, payment: paid.payment };
      }
      const stopped =
        current.immexSubscriptionId && !next.premium ? await this.payments.stopPaying(providerId, id) : null;
      const immexSubscriptionId = next.premium
        ? (paid?.payment.extensionId ?? current.immexSubscriptionId)
        : null;
      const problem = this.publishingProblem(plan, next, used, { ...current, immexSubscriptionId });
      if (problem) throw ApiError.base(problem.status, problem.message);
      await tx.query(
        `UPDATE properties SET tour_published = $3, website_published = $4, premium = $5,
           premium_since = CASE WHEN $5 AND NOT premium THEN now() WHEN $5 THEN premium_since END,
           published_at = CASE WHEN $3 AND NOT tour_published THEN now() WHEN $3 THEN published_at END,
           immex_changed_at = CASE WHEN immex_subscription_id IS DISTINCT FROM $6 THEN now() ELSE immex_changed_at END,
           immex_subscription_id = $6, immex_version = greatest(immex_version, $7::bigint), updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
        [
          providerId,
          id,
          next.tour,
          next.website,
          next.premium,
          immexSubscriptionId,
          paid?.version ?? stopped,
        ],
      );
      if (next.tour !== current.publishedFeatures.tour) {
        await this.events.publish(
          next.tour ? 'properties.tour.published.v1' : 'properties.tour.unpublished.v1',
          { providerId, propertyId: id, premium: next.premium },
          tx,
        );
      }
      return { ...toProperty(await this.row(tx, providerId, id)), payment: paid?.payment ?? null };
    });
  }

  private publishingProblem(
    plan: Awaited<ReturnType<Plans['of']>>,
    next: Property['publishedFeatures'],
    premiumElsewhere: number,
    current: Pick<Property, 'publishedFeatures' | 'immexSubscriptionId'>,
  ): { kind: 'needs_plan' | 'quota_full'; status: 403 | 422; message: string } | null {
    const was = current.publishedFeatures;
    const newlyShared = (next.tour && !was.tour) || (next.website && !was.website);
    const newlyPremium = next.premium && !was.premium;
    if ((newlyShared || newlyPremium) && !plan.canPublish) {
      return { kind: 'needs_plan', status: 403, message: PUBLISHING_NEEDS_PLAN };
    }
    const paidSeparately = current.immexSubscriptionId !== null;
    if (
      newlyPremium &&
      !paidSeparately &&
      plan.premiumTourLimit !== null &&
      premiumElsewhere >= plan.premiumTourLimit
    ) {
      return { kind: 'quota_full', status: 422, message: quotaFull(plan.premiumTourLimit) };
    }
    return null;
  }

  private async premiumCount(tx: EntityManager, providerId: string, exceptId: string): Promise<number> {
    const [{ count }] = (await tx.query(
      `SELECT count(*)::int AS count FROM properties
        WHERE provider_id = $1 AND premium AND immex_subscription_id IS NULL AND deleted_at IS NULL AND id <> $2`,
      [providerId, exceptId],
    )) as Array<{ count: number }>;
    return count;
  }

  private async row(
    tx: EntityManager,
    providerId: string,
    id: string,
    forUpdate = false,
  ): Promise<PropertyRow> {
    if (!isUuid(id)) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    const [row] = (await tx.query(
      `SELECT ${COLUMNS} FROM properties WHERE provider_id = $1 AND id = $2 AND deleted_at IS NULL
       ${forUpdate ? 'FOR UPDATE' : ''}`,
      [providerId, id],
    )) as PropertyRow[];
    if (!row) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    return row;
  }

  private async freeSlug(tx: EntityManager, providerId: string, title: string): Promise<string> {
    const base =
      title
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'property';
    const taken = new Set(
      (
        (await tx.query(
          `SELECT slug FROM properties WHERE provider_id = $1 AND deleted_at IS NULL AND (slug = $2 OR slug LIKE $3)`,
          [providerId, base, `${base}-%`],
        )) as Array<{ slug: string }>
      ).map((row) => row.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

function toProperty(row: PropertyRow): Property {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    address: row.address,
    geocodedAddress: {
      formattedAddress: row.formattedAddress,
      streetAddress: row.streetAddress,
      suburb: row.suburb,
      state: row.state,
      postcode: row.postcode,
      country: row.country,
      countryShortName: row.countryShortName,
      latitude: row.latitude as number,
      longitude: row.longitude as number,
    },
    matterportKey: row.matterportKey,
    startPosition: row.startPosition,
    publishedFeatures: { tour: row.tourPublished, website: row.websitePublished, premium: row.premium },
    tourType: row.premium ? 'premium' : 'basic',
    immexSubscriptionId: row.immexSubscriptionId,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export { PROPERTY_NOT_FOUND };
