import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type PropertiesOwned,
  type PropertiesOwnedRequest,
  type PropertyForOrder,
  type PropertyForOrderRequest,
} from '@tourly/contracts';
import type { EntityManager } from 'typeorm';
import {
  ApiError,
  Database,
  EventBus,
  isUuid,
  type Page,
  pageWithTotal,
  type Queryable,
  uuidv7,
} from '@tourly/platform';
import { NOT_A_CLIENT } from '../clients/clients.dto';
import { ClientsRepository } from '../clients/clients.repository';
import { Geocoder, type GeocodedAddress } from '../geocoding/geocoder';
import { Matterport } from '../matterport/matterport';
import { Plans } from '../plans/plans';
import { PremiumTourPayments, type PaymentShown } from '../premium-tours/premium-tour-payments';
import { parseScanKey } from '../scan-keys/scan-key';
import { PROPERTY_NOT_FOUND } from './property-scope';
import { PropertiesRepository, type PropertyRow, type StoredAddress } from './properties.repository';
import {
  freeSlug,
  modelDisplayName,
  publishingProblem,
  slugOf,
  type PublishedFeatures,
} from './properties.rules';
import type {
  ProviderSearchQuery,
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
  publishedFeatures: PublishedFeatures;
  tourType: 'basic' | 'premium';
  /** The billing subscription paying for this premium tour on its own (outside the plan's quota), if any. */
  immexSubscriptionId: string | null;
  /** The client (agency) the property is for, if any. */
  providerClientId: string | null;
  /** The autopilot: exempt from pausing, paused for visitors (an overdue hosting-fee invoice). */
  hosting: { exempt: boolean; paused: boolean; pausedAt: string | null };
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A scan model (001 §3): a Matterport model live properties show. */
export interface MatterportModel {
  id: string;
  name: string;
  displayName: string;
  matterportKey: string;
  propertyCount: number;
}

/**
 * A provider's properties (001 §3, §7): created from a title, an address (geocoded) and a Matterport model;
 * listed newest first with search and filters; deleted softly, so an admin can restore a mis-click. Every
 * query filters on the provider: another provider's id is a 404, never its data.
 */
@Injectable()
export class PropertiesService {
  constructor(
    private readonly db: Database,
    private readonly properties: PropertiesRepository,
    private readonly clients: ClientsRepository,
    private readonly geocoder: Geocoder,
    private readonly plans: Plans,
    private readonly payments: PremiumTourPayments,
    private readonly matterport: Matterport,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(providerId: string, query: PropertiesQuery): Promise<Page<Property>> {
    const filter = { search: query.search, ...query.filters };
    const rows = await this.properties.page(providerId, filter, query.pageSize, query.offset);
    const page = await pageWithTotal(rows, query, () => this.properties.count(providerId, filter));
    return { ...page, items: page.items.map(toProperty) };
  }

  /**
   * The Matterport models live properties show (one provider's, else every provider's), for the back office's scan
   * model pickers: each once, by the title of the first property made of it.
   */
  async models(query: ProviderSearchQuery): Promise<Page<MatterportModel>> {
    const filter = { providerId: query.providerId, search: query.search };
    const rows = await this.properties.models(filter, query.pageSize, query.offset);
    const page = await pageWithTotal(rows, query, () => this.properties.modelCount(filter));
    return {
      ...page,
      items: page.items.map((model) => ({
        ...model,
        displayName: modelDisplayName(model),
        matterportKey: model.id,
      })),
    };
  }

  async get(providerId: string, id: string): Promise<Property> {
    return toProperty(await this.row(this.db.dataSource, providerId, id));
  }

  /**
   * PROPERTY_FOR_ORDER (orders asks before placing an order): the provider's own live property, with whether
   * Matterport serves its model only behind a password. 404 `Property not found` for another provider's, a deleted
   * or an unknown one; Matterport out of reach is its 503, so no order is placed on a guess.
   */
  async forOrder(request: PropertyForOrderRequest): Promise<PropertyForOrder> {
    if (!isUuid(request.providerId)) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    const property = await this.row(this.db.dataSource, request.providerId, request.propertyId);
    // Retouching (photos asked) draws nothing from the space: Matterport is not asked, nor needed.
    const model =
      property.matterportKey && !request.photoIds
        ? await this.matterport.model(request.providerId, property.matterportKey)
        : null;
    return {
      propertyId: property.id,
      title: property.title,
      address: property.address || null,
      matterportModelId: property.matterportKey || null,
      // Unknown without the provider's Matterport account to read it in: not refused on a guess either.
      passwordProtected: model?.visibility === 'password',
    };
  }

  /** Billing, before a hosting-fee subscription names them: which of these ids are the provider's properties. */
  async owned(request: PropertiesOwnedRequest): Promise<PropertiesOwned> {
    const ids = (request.propertyIds ?? []).filter(isUuid);
    if (!isUuid(request.providerId) || ids.length === 0) return { propertyIds: [] };
    return { propertyIds: await this.properties.owned(request.providerId, ids) };
  }

  /** `alsoRecord` writes in the property's own transaction (whatever made it, once). */
  async create(
    providerId: string,
    input: NewProperty,
    alsoRecord?: (tx: EntityManager, propertyId: string) => Promise<void>,
  ): Promise<Property> {
    const scanKey = parseScanKey(input.matterportKey);
    if (!scanKey) throw ApiError.invalid('createTourParams.matterportKey', SCAN_KEY_INVALID);
    const place = await this.geocoder.geocode(input.address, 'createTourParams.address');
    const id = uuidv7();
    return this.db.transaction(async (tx) => {
      const slug = await this.freeSlug(tx, providerId, input.title);
      await this.properties.insert(tx, {
        id,
        providerId,
        slug,
        title: input.title,
        address: input.address,
        ...place,
        matterportKey: scanKey.modelId,
        startPosition: scanKey.startPosition,
      });
      await this.events.publish(
        'properties.property.created.v1',
        { providerId, propertyId: id, title: input.title },
        tx,
      );
      await alsoRecord?.(tx, id);
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
      const client = changes.providerClientId;
      if (client && !(await this.clients.client(tx, providerId, client)))
        throw ApiError.invalid('property.providerClientId', NOT_A_CLIENT);
      await this.properties.update(tx, providerId, id, {
        title: changes.title ?? current.title,
        address: changes.address ?? current.address,
        formattedAddress: place ? place.formattedAddress : current.formattedAddress,
        streetAddress: place ? place.streetAddress : current.streetAddress,
        suburb: place ? place.suburb : current.suburb,
        state: place ? place.state : current.state,
        postcode: place ? place.postcode : current.postcode,
        country: place ? place.country : current.country,
        countryShortName: place ? place.countryShortName : current.countryShortName,
        latitude: place ? place.latitude : current.latitude,
        longitude: place ? place.longitude : current.longitude,
        matterportKey: scanKey ? scanKey.modelId : current.matterportKey,
        startPosition: scanKey ? scanKey.startPosition : current.startPosition,
        providerClientId: client === undefined ? current.providerClientId : client,
      });
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
      await this.properties.lockQuota(tx, providerId);
      const current = await this.row(tx, providerId, id, true);
      // A deleted tour is not paid for any longer.
      const stopped = current.immexSubscriptionId ? await this.payments.stopPaying(providerId, id) : null;
      await this.properties.softDelete(tx, providerId, id, stopped);
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
      const restored = await this.properties.restore(tx, id);
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
    const used = await this.properties.premiumCount(this.db.dataSource, providerId, id);
    const problem = publishingProblem(plan, next, used, property);
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
      await this.properties.lockQuota(tx, providerId);
      const current = toProperty(await this.row(tx, providerId, id, true));
      const next = { ...current.publishedFeatures, ...features };
      const plan = await this.plans.of(providerId, tx);
      const used = await this.properties.premiumCount(tx, providerId, id);
      let paid: Awaited<ReturnType<PremiumTourPayments['pay']>> | null = null;
      if (payment.paymentMethodId && publishingProblem(plan, next, used, current)?.kind === 'quota_full') {
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
      const problem = publishingProblem(plan, next, used, { ...current, immexSubscriptionId });
      if (problem) throw ApiError.base(problem.status, problem.message);
      await this.properties.setPublication(tx, providerId, id, {
        tour: next.tour,
        website: next.website,
        premium: next.premium,
        immexSubscriptionId,
        version: paid?.version ?? stopped,
      });
      if (next.tour !== current.publishedFeatures.tour) {
        await this.events.publish(
          next.tour ? 'properties.tour.published.v1' : 'properties.tour.unpublished.v1',
          { providerId, propertyId: id, premium: next.premium },
          tx,
        );
      }
      if (next.website !== current.publishedFeatures.website) {
        await this.events.publish(
          next.website ? 'properties.website.published.v1' : 'properties.website.unpublished.v1',
          { providerId, propertyId: id },
          tx,
        );
      }
      return { ...toProperty(await this.row(tx, providerId, id)), payment: paid?.payment ?? null };
    });
  }

  private async row(tx: Queryable, providerId: string, id: string, forUpdate = false): Promise<PropertyRow> {
    if (!isUuid(id)) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    const row = await this.properties.find(tx, providerId, id, forUpdate);
    if (!row) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    return row;
  }

  private async freeSlug(tx: Queryable, providerId: string, title: string): Promise<string> {
    const base = slugOf(title);
    return freeSlug(base, new Set(await this.properties.slugsLike(tx, providerId, base)));
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
    providerClientId: row.providerClientId,
    hosting: {
      exempt: row.hostingExempt,
      paused: row.hostingPausedAt !== null,
      pausedAt: row.hostingPausedAt?.toISOString() ?? null,
    },
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export { PROPERTY_NOT_FOUND };
