import { Injectable } from '@nestjs/common';
import { ApiError, Database, isUuid } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { ContactsService } from '../media/contacts.service';
import { MediaLinksService, type MediaLink } from '../media/media-links.service';
import { MediaService, type MediaItem, type MediaKind } from '../media/media.service';
import { propertyOf } from '../properties/property-scope';
import {
  NOT_THIS_PROPERTYS,
  type DocumentsAndLinks,
  type PropertyFeaturesForm,
  type WebsiteSettingsForm,
} from './website.dto';

export const WEBSITE_NOT_FOUND = 'Website not found';

export interface WebsiteSettings {
  headline: string | null;
  description: string | null;
  primaryColor: string;
  showAddress: boolean;
  showMap: boolean;
  showTour: boolean;
  showAgents: boolean;
  showContactForm: boolean;
}

export interface PropertyFeatures {
  bedrooms: number | null;
  bathrooms: number | null;
  carSpaces: number | null;
  floorArea: number | null;
  landArea: number | null;
  measurementUnit: 'metric' | 'imperial' | 'both';
  price: string | null;
  features: string[];
}

/** Branding's defaults (001 §3: primary colour #ffffff); everything shown until turned off. */
export const DEFAULT_SETTINGS: WebsiteSettings = {
  headline: null,
  description: null,
  primaryColor: '#ffffff',
  showAddress: true,
  showMap: true,
  showTour: true,
  showAgents: true,
  showContactForm: true,
};

export const DEFAULT_FEATURES: PropertyFeatures = {
  bedrooms: null,
  bathrooms: null,
  carSpaces: null,
  floorArea: null,
  landArea: null,
  measurementUnit: 'metric',
  price: null,
  features: [],
};

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
  property: {
    id: string;
    slug: string;
    title: string;
    address: string;
    formattedAddress: string | null;
    latitude: number | null;
    longitude: number | null;
  };
  settings: WebsiteSettings;
  propertyFeatures: PropertyFeatures;
  photos: MediaItem[];
  floorplan: MediaItem | null;
  videos: MediaItem[];
  documents: MediaItem[];
  mediaLinks: MediaLink[];
  agentIds: string[];
}

interface WebsiteRow {
  settings: Partial<WebsiteSettings>;
  propertyFeatures: Partial<PropertyFeatures>;
  photoIds: string[] | null;
  publishedFloorplanId: string | null;
  publishedVideoIds: string[] | null;
  documentIds: string[] | null;
  mediaLinkIds: string[] | null;
  updatedAt: Date;
}

const WEBSITE_COLUMNS = `settings, property_features AS "propertyFeatures", photo_ids AS "photoIds",
  published_floorplan_id AS "publishedFloorplanId", published_video_ids AS "publishedVideoIds",
  document_ids AS "documentIds", media_link_ids AS "mediaLinkIds", updated_at AS "updatedAt"`;

/**
 * The single-property website (001 §7 Website): stored per property, edited part by part, each selection
 * checked against the property's own media; and the public view of a published one.
 */
@Injectable()
export class WebsiteService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaService,
    private readonly links: MediaLinksService,
    private readonly contacts: ContactsService,
  ) {}

  async get(providerId: string, propertyId: string): Promise<WebsiteView> {
    const tx = this.db.dataSource.manager;
    await propertyOf(tx, providerId, propertyId);
    return this.view(tx, propertyId);
  }

  async updateSettings(providerId: string, propertyId: string, form: WebsiteSettingsForm) {
    return this.change(providerId, propertyId, async (tx) => {
      await tx.query(
        'UPDATE websites SET settings = jsonb_strip_nulls(settings || $2::jsonb) WHERE property_id = $1',
        [propertyId, JSON.stringify(given(form))],
      );
    });
  }

  async updateFeatures(providerId: string, propertyId: string, form: PropertyFeaturesForm) {
    return this.change(providerId, propertyId, async (tx) => {
      await tx.query(
        'UPDATE websites SET property_features = jsonb_strip_nulls(property_features || $2::jsonb) WHERE property_id = $1',
        [propertyId, JSON.stringify(given(form))],
      );
    });
  }

  async updatePhotos(providerId: string, propertyId: string, ids: string[] | null) {
    return this.change(providerId, propertyId, async (tx) => {
      const photos = await this.ownMedia(tx, propertyId, 'photo', ids, 'photos', NOT_THIS_PROPERTYS.photos);
      await tx.query('UPDATE websites SET photo_ids = $2 WHERE property_id = $1', [propertyId, photos]);
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
      await tx.query('UPDATE websites SET published_floorplan_id = $2 WHERE property_id = $1', [
        propertyId,
        chosen?.[0] ?? null,
      ]);
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
      await tx.query('UPDATE websites SET published_video_ids = $2 WHERE property_id = $1', [
        propertyId,
        videos,
      ]);
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
        await tx.query('UPDATE websites SET document_ids = $2 WHERE property_id = $1', [
          propertyId,
          documents,
        ]);
      }
      if (form.mediaLinkIds !== undefined) {
        const links = form.mediaLinkIds === null ? null : unique(form.mediaLinkIds);
        if (links) {
          const [{ count }] = (await tx.query(
            'SELECT count(*)::int AS count FROM media_links WHERE property_id = $1 AND id = ANY($2::uuid[])',
            [propertyId, links],
          )) as Array<{ count: number }>;
          if (count !== links.length) {
            throw ApiError.invalid('documentsAndLinks.mediaLinkIds', NOT_THIS_PROPERTYS.mediaLinks);
          }
        }
        await tx.query('UPDATE websites SET media_link_ids = $2 WHERE property_id = $1', [propertyId, links]);
      }
    });
  }

  /**
   * A published website as visitors see it, by the provider's id and the property's slug. Unpublished,
   * deleted or unknown: 404 alike.
   */
  async published(providerId: string, slug: string): Promise<PublicWebsite> {
    const tx = this.db.dataSource.manager;
    if (!isUuid(providerId)) throw ApiError.notFound(WEBSITE_NOT_FOUND);
    const [property] = (await tx.query(
      `SELECT id, slug, title, address, formatted_address AS "formattedAddress", latitude, longitude
         FROM properties
        WHERE provider_id = $1 AND slug = $2 AND deleted_at IS NULL AND website_published`,
      [providerId, slug],
    )) as Array<PublicWebsite['property']>;
    if (!property) throw ApiError.notFound(WEBSITE_NOT_FOUND);
    const website = await this.view(tx, property.id);
    const [photos, floorplans, videos, documents, links, agentIds] = await Promise.all([
      this.media.list(providerId, property.id, 'photo'),
      this.media.list(providerId, property.id, 'floorplan'),
      this.media.list(providerId, property.id, 'video'),
      this.media.list(providerId, property.id, 'document'),
      this.links.list(providerId, property.id),
      this.contacts.agentIds(property.id),
    ]);
    const floorplanId = website.publishedFloorplan?.id;
    return {
      property,
      settings: website.settings,
      propertyFeatures: website.propertyFeatures,
      photos: select(photos, website.photos),
      floorplan: floorplans.find((floorplan) => floorplan.id === floorplanId) ?? null,
      videos: select(videos, website.publishedVideoIds),
      documents: select(documents, website.documentsAndLinks.documentIds),
      mediaLinks: select(links, website.documentsAndLinks.mediaLinkIds),
      agentIds,
    };
  }

  /** One change in one transaction, on the website's row (created on first change); the view after it. */
  private async change(
    providerId: string,
    propertyId: string,
    work: (tx: EntityManager) => Promise<void>,
  ): Promise<WebsiteView> {
    return this.db.transaction(async (tx) => {
      await propertyOf(tx, providerId, propertyId, true);
      await tx.query(
        'INSERT INTO websites (property_id, provider_id) VALUES ($1, $2) ON CONFLICT (property_id) DO NOTHING',
        [propertyId, providerId],
      );
      await work(tx);
      await tx.query('UPDATE websites SET updated_at = now() WHERE property_id = $1', [propertyId]);
      return this.view(tx, propertyId);
    });
  }

  /** `ids` (deduplicated, order kept) if every one is the property's media of that kind, else 422. */
  private async ownMedia(
    tx: EntityManager,
    propertyId: string,
    kind: MediaKind,
    ids: string[] | null,
    field: string,
    message: string,
  ): Promise<string[] | null> {
    if (ids === null) return null;
    const wanted = unique(ids);
    const [{ count }] = (await tx.query(
      'SELECT count(*)::int AS count FROM property_media WHERE property_id = $1 AND kind = $2 AND id = ANY($3::uuid[])',
      [propertyId, kind, wanted],
    )) as Array<{ count: number }>;
    if (count !== wanted.length) throw ApiError.invalid(field, message);
    return wanted;
  }

  private async view(tx: EntityManager, propertyId: string): Promise<WebsiteView> {
    const [[row], [property]] = await Promise.all([
      tx.query(`SELECT ${WEBSITE_COLUMNS} FROM websites WHERE property_id = $1`, [propertyId]) as Promise<
        WebsiteRow[]
      >,
      tx.query('SELECT website_published AS published FROM properties WHERE id = $1', [
        propertyId,
      ]) as Promise<Array<{ published: boolean }>>,
    ]);
    return {
      propertyId,
      published: property?.published ?? false,
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

/** The keys a PATCH sent (null included: it restores the default). */
function given(form: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined));
}

function unique(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** The chosen items in the order chosen (ids no longer there are skipped); null: all, in their own order. */
function select<T extends { id: string }>(items: T[], chosen: string[] | null): T[] {
  if (chosen === null) return items;
  const byId = new Map(items.map((item) => [item.id, item]));
  return chosen.map((id) => byId.get(id)).filter((item): item is T => !!item);
}
