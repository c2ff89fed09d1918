import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  PROVIDER_ADDRESSES,
  defaultTourLayers,
  TOUR_MESSAGES,
  type ProviderAddresses,
  type TourLayers,
  type UrlParameterValues,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  isUuid,
  LOGGER,
  RpcClient,
  type Logger,
  type Page,
  type PageQuery,
  pageWithTotal,
  type Queryable,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { ClientsRepository } from '../clients/clients.repository';
import type { PropertiesConfig } from '../config';
import { ContactsService } from '../media/contacts.service';
import { PropertyMediaRepository } from '../media/property-media.repository';
import { Plans } from '../plans/plans';
import type { PublicPropertyRow } from '../properties/properties.repository';
import { PROPERTY_NOT_FOUND } from '../properties/property-scope';
import { SCAN_KEY_INVALID } from '../properties/properties.service';
import { parseScanKey } from '../scan-keys/scan-key';
import {
  LEAD_GATE_NEEDS_AN_AGENT,
  NOT_THIS_PROPERTYS_MEDIA,
  type AdminToursQuery,
  type BrandingForm,
  type MediaForm,
  type PasswordForm,
  type PlayerLinkNamespaceResponse,
  type SetupForm,
} from './player-links.dto';
import { PlayerLinksRepository, type PlayerLinkRow, type TourPropertyRow } from './player-links.repository';
import {
  DEFAULT_BRANDING,
  DEFAULT_MEDIA,
  DEFAULT_SETUP,
  brandingChange,
  embedCode,
  embedUrl,
  hashTourPassword,
  mediaOf,
  namespaceSlug,
  parameterChange,
  parametersView,
  storedParameters,
  tourLinks,
  withDefaults,
  type Branding,
  type Media,
  type Setup,
  type TourLinks,
} from './tours.rules';
import { VirtualToursRepository, type VirtualTourRow } from './virtual-tours.repository';

export interface UrlParametersView {
  id: string;
  propertyId: string;
  values: UrlParameterValues;
  query: string;
}

export interface PlayerLinkView {
  id: string;
  propertyId: string;
  clientSlug: string;
  modelSlug: string;
  links: TourLinks;
  embedCode: string;
  branding: Branding;
  media: Media;
  modelSource: string | null;
  matterportKey: string;
  setup: Setup;
  username: string | null;
  hasPassword: boolean;
  leadGateSweeps: number | null;
  shareable: boolean;
  matterportModelParameter: UrlParametersView;
  virtualTour: { id: string; hasDraft: boolean; draftSavedAt: Date | null; publishedAt: Date | null };
  updatedAt: Date;
}

/** A provider's tour as the back office lists it. */
export interface AdminTourView {
  id: string;
  propertyId: string;
  propertyTitle: string;
  propertySlug: string;
  clientSlug: string;
  modelSlug: string;
  url: string;
  matterportKey: string;
  published: boolean;
  shareable: boolean;
  premium: boolean;
  hasPassword: boolean;
  layersPublishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The player's JSON (the provider's preview; the visitor's tour page in issue 13). */
export interface TourView {
  property: PublicPropertyRow;
  model: { key: string; startPosition: string | null; embedUrl: string };
  /** The welcome screen with its picture's address (a signed link; null: none, or deleted since). */
  layers: TourLayers & { welcomeScreen: TourLayers['welcomeScreen'] & { imageUrl: string | null } };
  branding: Branding;
  media: Media;
  setup: Setup;
  urlParameters: UrlParameterValues;
  mls: boolean;
  links: TourLinks;
}

/** Identity's answer is only for the white-label link: a short wait, then the rest answers without it. */
const ADDRESSES_TIMEOUT_MS = 1000;
/** Namespace slugs are random among 36^8: even one collision is rare, five in a row mean something else is wrong. */
const NAMESPACE_ATTEMPTS = 5;
const MODEL_SLUG_ATTEMPTS = 20;

/**
 * Each property's player link (001 §7 "Virtual tours and player links"): made at its first read with the
 * provider's namespace, its URL parameters and its virtual tour; its settings (branding, media, model, setup,
 * password) and the scan viewer's URL parameters; and the player's JSON built from them.
 */
@Injectable()
export class PlayerLinksService {
  constructor(
    private readonly db: Database,
    private readonly links: PlayerLinksRepository,
    private readonly tours: VirtualToursRepository,
    private readonly clients: ClientsRepository,
    private readonly propertyMedia: PropertyMediaRepository,
    private readonly contacts: ContactsService,
    private readonly plans: Plans,
    private readonly storage: Storage,
    private readonly rpc: RpcClient,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(providerId: string, propertyId: string): Promise<PlayerLinkView> {
    await this.ensure(providerId, propertyId);
    return this.view(providerId, propertyId);
  }

  /**
   * The property's player link, URL parameters and virtual tour, made unless they exist; 404 `Property not found`
   * unless it is the provider's live property.
   */
  async ensure(providerId: string, propertyId: string): Promise<TourPropertyRow> {
    if (!isUuid(propertyId)) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    const property = await this.links.property(this.db.dataSource, providerId, propertyId);
    if (!property) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    if (await this.links.byProperty(this.db.dataSource, providerId, propertyId)) return property;
    await this.db.transaction(async (tx) => {
      const clientSlug = await this.namespaceOf(tx, providerId);
      for (let attempt = 1; ; attempt++) {
        const modelSlug = attempt === 1 ? property.slug : `${property.slug}-${attempt}`;
        if (await this.links.ensureLink(tx, { providerId, propertyId, clientSlug, modelSlug })) break;
        if (attempt >= MODEL_SLUG_ATTEMPTS) throw new Error(`no free model slug for property ${propertyId}`);
      }
      await this.links.ensureCompanions(tx, providerId, propertyId);
    });
    return property;
  }

  private async namespaceOf(tx: Queryable, providerId: string): Promise<string> {
    for (let attempt = 1; attempt <= NAMESPACE_ATTEMPTS; attempt++) {
      const slug = await this.links.ensureNamespace(tx, providerId, namespaceSlug());
      if (slug) return slug;
    }
    throw new Error(`no free namespace slug for provider ${providerId}`);
  }

  async updateBranding(
    providerId: string,
    linkId: string,
    form: BrandingForm,
    clientChanged: boolean,
  ): Promise<PlayerLinkView> {
    const propertyId = await this.propertyOfLink(providerId, linkId);
    const change = brandingChange(form, clientChanged);
    await this.links.mergeSettings(this.db.dataSource, propertyId, 'branding', change);
    return this.view(providerId, propertyId);
  }

  async updateMedia(providerId: string, linkId: string, form: MediaForm): Promise<PlayerLinkView> {
    const propertyId = await this.propertyOfLink(providerId, linkId);
    const media = mediaOf(form);
    if (media.type === 'photo' || media.type === 'video') {
      const own = await this.propertyMedia.countOwn(this.db.dataSource, propertyId, media.type, [
        media.mediaId!,
      ]);
      if (own === 0) throw ApiError.invalid('playerLinkMedia.mediaId', NOT_THIS_PROPERTYS_MEDIA[media.type]);
    }
    await this.links.replaceMedia(this.db.dataSource, propertyId, media);
    return this.view(providerId, propertyId);
  }

  async updatePrimaryModel(
    providerId: string,
    linkId: string,
    source: string | null,
  ): Promise<PlayerLinkView> {
    const propertyId = await this.propertyOfLink(providerId, linkId);
    if (source !== null && !parseScanKey(source))
      throw ApiError.invalid('playerLink.modelSource', SCAN_KEY_INVALID);
    await this.links.setModelSource(this.db.dataSource, propertyId, source);
    return this.view(providerId, propertyId);
  }

  async updateSetup(providerId: string, linkId: string, form: SetupForm): Promise<PlayerLinkView> {
    const propertyId = await this.propertyOfLink(providerId, linkId);
    const change = Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined));
    await this.links.mergeSettings(this.db.dataSource, propertyId, 'setup', change);
    return this.view(providerId, propertyId);
  }

  /** Both empty: the password is removed. Only its scrypt hash is kept. */
  async updatePassword(providerId: string, propertyId: string, form: PasswordForm): Promise<PlayerLinkView> {
    await this.ensure(providerId, propertyId);
    const removing = form.username === '' && form.password === '';
    const hash = removing ? null : await hashTourPassword(form.password);
    await this.links.setPassword(
      this.db.dataSource,
      propertyId,
      removing ? null : form.username.trim(),
      hash,
    );
    return this.view(providerId, propertyId);
  }

  /**
   * The lead gate: visitors see `sweeps` positions, then the contact form asks for their details before the rest;
   * null: no gate. A gate needs someone its leads are for: 422 until the tour has an agent.
   */
  async updateLeadGate(providerId: string, linkId: string, sweeps: number | null): Promise<PlayerLinkView> {
    const propertyId = await this.propertyOfLink(providerId, linkId);
    if (sweeps !== null && (await this.contacts.agentIds(propertyId)).length === 0)
      throw ApiError.invalid('base', LEAD_GATE_NEEDS_AN_AGENT);
    await this.links.setLeadGate(this.db.dataSource, propertyId, sweeps);
    return this.view(providerId, propertyId);
  }

  async updateParameters(
    providerId: string,
    parametersId: string,
    given: Record<string, unknown>,
  ): Promise<UrlParametersView> {
    const propertyId = await this.propertyOfParameters(providerId, parametersId);
    const { change, errors } = parameterChange(given);
    if (Object.keys(errors).length > 0) {
      throw new ApiError(
        HttpStatus.UNPROCESSABLE_ENTITY,
        Object.fromEntries(
          Object.entries(errors).map(([name, messages]) => [`matterport_model_parameter.${name}`, messages]),
        ),
      );
    }
    await this.db.transaction(async (tx) => {
      const stored = await this.links.parametersForUpdate(tx, propertyId);
      await this.links.setParameters(tx, propertyId, storedParameters(stored, change));
    });
    return this.parametersOf(propertyId);
  }

  async revertParameters(providerId: string, parametersId: string): Promise<UrlParametersView> {
    const propertyId = await this.propertyOfParameters(providerId, parametersId);
    await this.links.setParameters(this.db.dataSource, propertyId, {});
    return this.parametersOf(propertyId);
  }

  private async parametersOf(propertyId: string): Promise<UrlParametersView> {
    const row = (await this.links.parameters(this.db.dataSource, propertyId))!;
    return { id: row.id, propertyId, ...parametersView(row.parameters) };
  }

  private propertyOfLink(providerId: string, id: string): Promise<string> {
    return this.propertyOf('player_links', providerId, id, TOUR_MESSAGES.playerLinkNotFound);
  }

  private propertyOfParameters(providerId: string, id: string): Promise<string> {
    return this.propertyOf('matterport_model_parameters', providerId, id, TOUR_MESSAGES.parametersNotFound);
  }

  private async propertyOf(
    table: 'player_links' | 'matterport_model_parameters',
    providerId: string,
    id: string,
    notFound: string,
  ): Promise<string> {
    const propertyId = isUuid(id)
      ? await this.links.propertyOf(this.db.dataSource, table, providerId, id)
      : undefined;
    if (!propertyId) throw ApiError.notFound(notFound);
    return propertyId;
  }

  /** The back office's list of a provider's tours (its live properties' player links), newest first. */
  async adminTours(providerId: string, query: AdminToursQuery): Promise<Page<AdminTourView>> {
    const tx = this.db.dataSource;
    const [found, plan] = await Promise.all([
      this.links.adminTours(tx, providerId, query.search, query.pageSize, query.offset),
      this.plans.of(providerId),
    ]);
    const page = await pageWithTotal(found, query, () =>
      this.links.adminTourCount(tx, providerId, query.search),
    );
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id,
        propertyId: row.propertyId,
        propertyTitle: row.propertyTitle,
        propertySlug: row.propertySlug,
        clientSlug: row.clientSlug,
        modelSlug: row.modelSlug,
        url: tourLinks(this.config.APP_URL, row, null).default,
        matterportKey: modelOf(row, row).key,
        published: row.tourPublished,
        shareable: row.tourPublished && plan.canPublish,
        premium: row.premium,
        hasPassword: row.hasPassword,
        layersPublishedAt: row.layersPublishedAt,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      })),
    };
  }

  /** The provider's player link namespaces (made with its first tour: none before, one after). */
  async namespaces(providerId: string, query: PageQuery): Promise<Page<PlayerLinkNamespaceResponse>> {
    const tx = this.db.dataSource;
    const found = await this.links.namespaces(tx, providerId, query.pageSize, query.offset);
    return pageWithTotal(
      found.map((namespace) => ({ ...namespace, createdAt: namespace.createdAt.toISOString() })),
      query,
      () => this.links.namespaceCount(tx, providerId),
    );
  }

  /** The player link as the provider's pages show it. */
  async view(providerId: string, propertyId: string): Promise<PlayerLinkView> {
    const { property, link, tour, parameters, links } = await this.parts(providerId, propertyId);
    const plan = await this.plans.of(providerId);
    return {
      id: link.id,
      propertyId,
      clientSlug: link.clientSlug,
      modelSlug: link.modelSlug,
      links,
      embedCode: embedCode(links.default),
      branding: withDefaults(DEFAULT_BRANDING, link.branding),
      media: withDefaults(DEFAULT_MEDIA, link.media),
      modelSource: link.modelSource,
      matterportKey: modelOf(property, link).key,
      setup: withDefaults(DEFAULT_SETUP, link.setup),
      username: link.username,
      hasPassword: link.hasPassword,
      leadGateSweeps: link.leadGateSweeps,
      shareable: property.tourPublished && plan.canPublish,
      matterportModelParameter: parameters,
      virtualTour: {
        id: tour.id,
        hasDraft: tour.draft !== null,
        draftSavedAt: tour.draftSavedAt,
        publishedAt: tour.publishedAt,
      },
      updatedAt: link.updatedAt,
    };
  }

  /**
   * The player's JSON for the property's tour with these layers (`published`: what visitors see, the published
   * layers else the defaults). `mls`: the multiple listing service's view, without the provider's or client's
   * branding and without the contact form.
   */
  async tourView(
    providerId: string,
    propertyId: string,
    layers: TourLayers | 'published',
    { mls = false }: { mls?: boolean } = {},
  ): Promise<TourView> {
    const { property, link, tour, parameters, links, accountName } = await this.parts(providerId, propertyId);
    const client = mls ? undefined : await this.clients.ofProperty(this.db.dataSource, propertyId);
    if (layers === 'published') layers = tour.published ?? defaultTourLayers();
    const model = modelOf(property, link);
    const imageId = layers.welcomeScreen.imageId;
    const image = imageId
      ? await this.tours.locationImageFile(this.db.dataSource, providerId, imageId)
      : undefined;
    const imageUrl = image
      ? await this.storage.readUrl(image.storageKey, image.filename, image.contentType ?? undefined)
      : null;
    return {
      property: {
        id: property.id,
        slug: property.slug,
        title: property.title,
        address: property.address,
        formattedAddress: property.formattedAddress,
        latitude: property.latitude,
        longitude: property.longitude,
      },
      model: { ...model, embedUrl: embedUrl(this.config.MATTERPORT_SHOWCASE_URL, model, parameters.values) },
      layers: { ...layers, welcomeScreen: { ...layers.welcomeScreen, imageUrl } },
      // Visitors are told whose tour it is: the provider's name as branded, else its account's name; the client's
      // name and logo as branded, else those of the client the property is for.
      branding: mls
        ? DEFAULT_BRANDING
        : withDefaults(
            {
              ...DEFAULT_BRANDING,
              providerName: accountName ?? '',
              clientName: client?.name ?? '',
              clientLogoUrl: client?.defaultPlayerBrandingLogoUrl ?? '',
            },
            link.branding,
          ),
      media: withDefaults(DEFAULT_MEDIA, link.media),
      setup: { ...withDefaults(DEFAULT_SETUP, link.setup), ...(mls ? { showContactForm: false } : {}) },
      urlParameters: parameters.values,
      mls,
      links,
    };
  }

  private async parts(
    providerId: string,
    propertyId: string,
  ): Promise<{
    property: TourPropertyRow;
    link: PlayerLinkRow;
    tour: VirtualTourRow;
    parameters: UrlParametersView;
    links: TourLinks;
    accountName: string | null;
  }> {
    const tx = this.db.dataSource;
    const [property, link, tour, parameters, addresses] = await Promise.all([
      this.links.property(tx, providerId, propertyId),
      this.links.byProperty(tx, providerId, propertyId),
      this.tours.byProperty(tx, propertyId),
      this.parametersOf(propertyId),
      this.addressesOf(providerId),
    ]);
    if (!property || !link || !tour) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    return {
      property,
      link,
      tour,
      parameters,
      links: tourLinks(this.config.APP_URL, link, addresses),
      accountName: addresses?.name ?? null,
    };
  }

  /**
   * Identity's word on the provider's name, subdomain and white-label domain; out of reach: none (no white-label
   * link, and the footer credits only the branded name).
   */
  private async addressesOf(providerId: string): Promise<ProviderAddresses | null> {
    try {
      return await this.rpc.ask<ProviderAddresses>(PROVIDER_ADDRESSES, { providerId }, ADDRESSES_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.logger.warn(
        { err: error, providerId },
        'identity did not say the provider’s addresses; no white-label link',
      );
      return null;
    }
  }
}

/** The model the player shows: the link's own model source, else the property's model. */
function modelOf(
  property: Pick<TourPropertyRow, 'matterportKey' | 'startPosition'>,
  link: Pick<PlayerLinkRow, 'modelSource'>,
): { key: string; startPosition: string | null } {
  const source = link.modelSource === null ? null : parseScanKey(link.modelSource);
  return source
    ? { key: source.modelId, startPosition: source.startPosition }
    : { key: property.matterportKey, startPosition: property.startPosition };
}
