import { Injectable } from '@nestjs/common';
import { PLAYER_MESSAGES } from '@tourly/contracts';
import { ApiError, Database, isUuid, type Queryable } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { ContactsService } from '../media/contacts.service';
import { MediaLinksRepository } from '../media/media-links.repository';
import { MediaLinksService, type MediaLink } from '../media/media-links.service';
import { uniqueIds, type MediaKind } from '../media/media.rules';
import { MediaService, type MediaItem } from '../media/media.service';
import { PropertyMediaRepository } from '../media/property-media.repository';
import type { UnlockForm } from '../player/player.dto';
import { PlayerService, type Agent, type MapSettings, type PropertyTour } from '../player/player.service';
import { PropertiesRepository, type PublicPropertyRow } from '../properties/properties.repository';
import { PropertyScope } from '../properties/property-scope';
import {
  DEFAULT_FEATURES,
  DEFAULT_SETTINGS,
  given,
  select,
  type PropertyFeatures,
  type WebsiteSettings,
} from './website.rules';
import { WebsitesRepository } from './websites.repository';
import {
  NOT_THIS_PROPERTYS,
  type DocumentsAndLinks,
  type PropertyFeaturesForm,
  type WebsiteSettingsForm,
} from './website.dto';

export const WEBSITE_NOT_FOUND = 'Website not found';

export {
  DEFAULT_FEATURES,
  DEFAULT_SETTINGS,
  type PropertyFeatures,
  type WebsiteSettings,
} from './website.rules';

/** The website as the provider edits it: settings, features and which media it shows (null: all of them). */
export interface WebsiteView {
  propertyId: string;
  /** Live for visitors (published features' `website`). */
  published: boolean;
  settings: WebsiteSettings;
  propertyFeatures: PropertyFeatures;
  photos: string[] | null;
  publishedFloorplan: { id: string } | null;
  publishedVideoIds: string[] | null;
  documentsAndLinks: { documentIds: string[] | null; mediaLinkIds: string[] | null };
  updatedAt: string | null;
}

/** What a visitor's page gets for a published website: the property and the media chosen for it. */
export interface PublicWebsite {
  property: PublicPropertyRow;
  settings: WebsiteSettings;
  propertyFeatures: PropertyFeatures;
  photos: MediaItem[];
  floorplan: MediaItem | null;
  videos: MediaItem[];
  documents: MediaItem[];
  mediaLinks: MediaLink[];
  agentIds: string[];
  /** The agents' cards (the tour's list), when the settings show the agents. */
  agents: Agent[];
  /** The map's tiles, when the settings show the map and the property has coordinates. */
  map: MapSettings | null;
  /** The shared tour's default link, when the settings show the tour and visitors may see it. */
  tourEmbedUrl: string | null;
}

/** A published website a visitor asks for: its property and its tour (none until the tour's link is made). */
export interface WebsiteVisit {
  providerId: string;
  property: PublicPropertyRow;
  tour: PropertyTour | undefined;
}

/**
 * The single-property website (001 §7 Website): stored per property, edited part by part, each selection
 * checked against the property's own media; and the public view of a published one.
 */
@Injectable()
export class WebsiteService {
  constructor(
    private readonly db: Database,
    private readonly websites: WebsitesRepository,
    private readonly properties: PropertiesRepository,
    private readonly propertyMedia: PropertyMediaRepository,
    private readonly mediaLinks: MediaLinksRepository,
    private readonly scope: PropertyScope,
    private readonly media: MediaService,
    private readonly links: MediaLinksService,
    private readonly contacts: ContactsService,
    private readonly player: PlayerService,
  ) {}

  async get(providerId: string, propertyId: string): Promise<WebsiteView> {
    const tx = this.db.dataSource;
    await this.scope.of(tx, providerId, propertyId);
    return this.view(tx, propertyId);
  }

  async updateSettings(providerId: string, propertyId: string, form: WebsiteSettingsForm) {
    return this.change(providerId, propertyId, async (tx) => {
      await this.websites.mergeSettings(tx, propertyId, given(form));
    });
  }

  async updateFeatures(providerId: string, propertyId: string, form: PropertyFeaturesForm) {
    return this.change(providerId, propertyId, async (tx) => {
      await this.websites.mergeFeatures(tx, propertyId, given(form));
    });
  }

  async updatePhotos(providerId: string, propertyId: string, ids: string[] | null) {
    return this.change(providerId, propertyId, async (tx) => {
      const photos = await this.ownMedia(tx, propertyId, 'photo', ids, 'photos', NOT_THIS_PROPERTYS.photos);
      await this.websites.select(tx, propertyId, 'photoIds', photos);
    });
  }

  async updateFloorplan(providerId: string, propertyId: string, id: string | null) {
    return this.change(providerId, propertyId, async (tx) => {
      const chosen = await this.ownMedia(
        tx,
        propertyId,
        'floorplan',
        id === null ? null : [id],
        'publishedFloorplan.id',
        NOT_THIS_PROPERTYS.floorplan,
      );
      await this.websites.select(tx, propertyId, 'publishedFloorplanId', chosen?.[0] ?? null);
    });
  }

  async updateVideos(providerId: string, propertyId: string, ids: string[] | null) {
    return this.change(providerId, propertyId, async (tx) => {
      const videos = await this.ownMedia(
        tx,
        propertyId,
        'video',
        ids,
        'publishedVideoIds',
        NOT_THIS_PROPERTYS.videos,
      );
      await this.websites.select(tx, propertyId, 'publishedVideoIds', videos);
    });
  }

  async updateDocumentsAndLinks(providerId: string, propertyId: string, form: DocumentsAndLinks) {
    return this.change(providerId, propertyId, async (tx) => {
      if (form.documentIds !== undefined) {
        const documents = await this.ownMedia(
          tx,
          propertyId,
          'document',
          form.documentIds,
          'documentsAndLinks.documentIds',
          NOT_THIS_PROPERTYS.documents,
        );
        await this.websites.select(tx, propertyId, 'documentIds', documents);
      }
      if (form.mediaLinkIds !== undefined) {
        const links = form.mediaLinkIds === null ? null : uniqueIds(form.mediaLinkIds);
        if (links) {
          if ((await this.mediaLinks.countOwn(tx, propertyId, links)) !== links.length) {
            throw ApiError.invalid('documentsAndLinks.mediaLinkIds', NOT_THIS_PROPERTYS.mediaLinks);
          }
        }
        await this.websites.select(tx, propertyId, 'mediaLinkIds', links);
      }
    });
  }

  /**
   * A published website a visitor asks for, by the provider's id and the property's slug. Unpublished, deleted
   * or unknown: 404 alike.
   */
  async visit(providerId: string, slug: string): Promise<WebsiteVisit> {
    if (!isUuid(providerId)) throw ApiError.notFound(WEBSITE_NOT_FOUND);
    const property = await this.properties.findPublishedWebsite(providerId, slug);
    if (!property) throw ApiError.notFound(WEBSITE_NOT_FOUND);
    return { providerId, property, tour: await this.player.propertyTour(property.id) };
  }

  /** Whether the website is behind its tour's password (its answers are then the visitor's browser's only). */
  passwordProtected(visit: WebsiteVisit): boolean {
    return !!visit.tour?.tour.passwordHash;
  }

  /**
   * The website as visitors see it. Behind its tour's password it answers as the tour does (401, nothing of the
   * website) until the request carries the tour's unlock cookie.
   */
  async published(visit: WebsiteVisit, cookieHeader: string | undefined): Promise<PublicWebsite> {
    const { providerId, property, tour } = visit;
    if (tour && !this.player.unlocked(tour.tour, cookieHeader)) {
      throw ApiError.unauthorized(PLAYER_MESSAGES.passwordRequired);
    }
    const tx = this.db.dataSource;
    const website = await this.view(tx, property.id);
    const { settings } = website;
    const [photos, floorplans, videos, documents, links, agentIds, agents] = await Promise.all([
      this.media.list(providerId, property.id, 'photo'),
      this.media.list(providerId, property.id, 'floorplan'),
      this.media.list(providerId, property.id, 'video'),
      this.media.list(providerId, property.id, 'document'),
      this.links.list(providerId, property.id),
      this.contacts.agentIds(property.id),
      settings.showAgents ? this.player.agents(providerId, property.id) : [],
    ]);
    const floorplanId = website.publishedFloorplan?.id;
    const located = property.latitude !== null && property.longitude !== null;
    return {
      property,
      settings,
      propertyFeatures: website.propertyFeatures,
      photos: select(photos, website.photos),
      floorplan: floorplans.find((floorplan) => floorplan.id === floorplanId) ?? null,
      videos: select(videos, website.publishedVideoIds),
      documents: select(documents, website.documentsAndLinks.documentIds),
      mediaLinks: select(links, website.documentsAndLinks.mediaLinkIds),
      agentIds,
      agents,
      map: settings.showMap && located ? this.player.map() : null,
      tourEmbedUrl: settings.showTour ? (tour?.sharedLink ?? null) : null,
    };
  }

  /**
   * The website's password gate: the tour's username and password give the tour's unlock cookie, which opens the
   * tour and the website alike (the same rule and the same attempts' limit as the tour's gate).
   */
  unlock(visit: WebsiteVisit, form: UnlockForm, address: string) {
    return visit.tour ? this.player.unlockTour(visit.tour.tour, form, address) : Promise.resolve(null);
  }

  /** One change in one transaction, on the website's row (created on first change); the view after it. */
  private async change(
    providerId: string,
    propertyId: string,
    work: (tx: EntityManager) => Promise<void>,
  ): Promise<WebsiteView> {
    return this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      await this.websites.ensure(tx, propertyId, providerId);
      await work(tx);
      await this.websites.touch(tx, propertyId);
      return this.view(tx, propertyId);
    });
  }

  /** `ids` (deduplicated, order kept) if every one is the property's media of that kind, else 422. */
  private async ownMedia(
    tx: Queryable,
    propertyId: string,
    kind: MediaKind,
    ids: string[] | null,
    field: string,
    message: string,
  ): Promise<string[] | null> {
    if (ids === null) return null;
    const wanted = uniqueIds(ids);
    if ((await this.propertyMedia.countOwn(tx, propertyId, kind, wanted)) !== wanted.length)
      throw ApiError.invalid(field, message);
    return wanted;
  }

  private async view(tx: Queryable, propertyId: string): Promise<WebsiteView> {
    const [row, published] = await Promise.all([
      this.websites.find(tx, propertyId),
      this.properties.websitePublished(tx, propertyId),
    ]);
    return {
      propertyId,
      published,
      settings: { ...DEFAULT_SETTINGS, ...row?.settings },
      propertyFeatures: { ...DEFAULT_FEATURES, ...row?.propertyFeatures },
      photos: row?.photoIds ?? null,
      publishedFloorplan: row?.publishedFloorplanId ? { id: row.publishedFloorplanId } : null,
      publishedVideoIds: row?.publishedVideoIds ?? null,
      documentsAndLinks: { documentIds: row?.documentIds ?? null, mediaLinkIds: row?.mediaLinkIds ?? null },
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }
}
