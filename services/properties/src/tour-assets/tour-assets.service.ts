import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import {
  PLAYER_MESSAGES,
  TOUR_LIMITS,
  TOUR_MESSAGES,
  tourPublicId,
  type OverlayLayout,
} from '@tourly/contracts';
import { ApiError, CONFIG, Database, uuidv7, type Page, type PageQuery } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import type { PropertiesConfig } from '../config';
import { MediaService } from '../media/media.service';
import { Plans } from '../plans/plans';
import { PlayerService, type VisitorContext } from '../player/player.service';
import { UploadsService } from '../uploads/uploads.service';
import { UploadsSweeper } from '../uploads/uploads.sweeper';
import { OverlayTemplatesRepository, type OverlayTemplateRow } from './overlay-templates.repository';
import { LocationImagesRepository, type LocationImageRow } from './location-images.repository';
import type { OwnTour } from './tour-assets.rules';
import { TourLinksRepository, type LinkedTourRow } from './tour-links.repository';
import { WebPages } from './web-pages';

/** A location image as the client sees it. */
export interface LocationImage {
  id: string;
  url: string;
  thumbnailUrl: string | null;
  filename: string;
  width: number | null;
  height: number | null;
  createdAt: string;
}

/** What a menu link's page says of itself. */
export interface LinkMetadata {
  url: string;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

/** A shared tour as a link preview shows it. */
export interface TourMetadata {
  url: string;
  title: string;
  address: string;
  imageUrl: string | null;
}

/** An overlay template as the client sees it. */
export interface OverlayTemplate {
  id: string;
  name: string;
  overlay: OverlayLayout;
  thumbnailUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

const LOCATION_IMAGE_FIELD = 'location_image[file]';
const THUMBNAIL_FIELD = 'overlayTemplate.thumbnailId';
export const TOO_MANY_TEMPLATES = `You can keep at most ${TOUR_LIMITS.templates} overlay templates: delete one to save another.`;

/**
 * What a provider's tours use besides their layers: overlay templates (an overlay and a thumbnail), location images (uploaded images), the metadata of the pages
 * their menus link to (read on the server, guarded), and the public preview of a shared tour.
 */
@Injectable()
export class TourAssetsService {
  private readonly appUrl: string;

  constructor(
    @Inject(CONFIG) config: PropertiesConfig,
    private readonly db: Database,
    private readonly templatesTable: OverlayTemplatesRepository,
    private readonly images: LocationImagesRepository,
    private readonly tourLinks: TourLinksRepository,
    private readonly uploads: UploadsService,
    private readonly sweeper: UploadsSweeper,
    private readonly storage: Storage,
    private readonly media: MediaService,
    private readonly plans: Plans,
    private readonly pages: WebPages,
    private readonly player: PlayerService,
  ) {
    this.appUrl = config.APP_URL.replace(/\/+$/, '');
  }

  /** GET overlay_templates: newest first, `search` in the names. */
  async templates(
    providerId: string,
    query: PageQuery & { search?: string },
  ): Promise<Page<OverlayTemplate>> {
    const page = await this.templatesTable.list(providerId, query);
    return { ...page, items: await Promise.all(page.items.map((row) => this.template(row))) };
  }

  /** POST overlay_templates: at most TOUR_LIMITS.templates per provider; the thumbnail's upload is used up. */
  async createTemplate(
    providerId: string,
    form: { name: string; overlay: OverlayLayout; thumbnailId?: string | null },
  ): Promise<OverlayTemplate> {
    if (form.thumbnailId)
      await this.uploads.checkDirect(providerId, [form.thumbnailId], ['image'], THUMBNAIL_FIELD);
    const id = uuidv7();
    await this.db.transaction(async (tx) => {
      if ((await this.templatesTable.countLocked(tx, providerId)) >= TOUR_LIMITS.templates) {
        throw ApiError.base(422, TOO_MANY_TEMPLATES);
      }
      const [thumbnail] = form.thumbnailId
        ? await this.uploads.attach(tx, providerId, [form.thumbnailId], ['image'], THUMBNAIL_FIELD)
        : [];
      await this.templatesTable.insert(tx, {
        id,
        providerId,
        name: form.name,
        overlay: form.overlay,
        thumbnailFileId: thumbnail?.id ?? null,
      });
    });
    return this.template((await this.templatesTable.find(providerId, id))!);
  }

  /** PUT overlay_templates/{id}: the keys sent replace theirs; a replaced or removed thumbnail's file is discarded. */
  async updateTemplate(
    providerId: string,
    id: string,
    changes: { name?: string; overlay?: OverlayLayout; thumbnailId?: string | null },
  ): Promise<OverlayTemplate> {
    if (!(await this.templatesTable.find(providerId, id)))
      throw ApiError.notFound(TOUR_MESSAGES.templateNotFound);
    if (changes.thumbnailId) {
      await this.uploads.checkDirect(providerId, [changes.thumbnailId], ['image'], THUMBNAIL_FIELD);
    }
    const discarded = await this.db.transaction(async (tx) => {
      const current = await this.templatesTable.find(providerId, id, tx, true);
      if (!current) throw ApiError.notFound(TOUR_MESSAGES.templateNotFound);
      let thumbnailFileId: string | null | undefined;
      if (changes.thumbnailId !== undefined) {
        const [thumbnail] = changes.thumbnailId
          ? await this.uploads.attach(tx, providerId, [changes.thumbnailId], ['image'], THUMBNAIL_FIELD)
          : [];
        thumbnailFileId = thumbnail?.id ?? null;
      }
      await this.templatesTable.update(tx, providerId, id, {
        name: changes.name,
        overlay: changes.overlay,
        thumbnailFileId,
      });
      const replaced =
        thumbnailFileId !== undefined && current.thumbnailFileId ? [current.thumbnailFileId] : [];
      await this.uploads.discard(replaced, tx);
      return replaced.length > 0;
    });
    if (discarded) void this.sweeper.sweepNow();
    return this.template((await this.templatesTable.find(providerId, id))!);
  }

  /** DELETE overlay_templates/{id}: its thumbnail's file leaves storage with the sweep. */
  async removeTemplate(providerId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await this.templatesTable.delete(tx, providerId, id);
      if (!removed) throw ApiError.notFound(TOUR_MESSAGES.templateNotFound);
      await this.uploads.discard(removed.thumbnailFileId ? [removed.thumbnailFileId] : [], tx);
    });
    void this.sweeper.sweepNow();
  }

  /** POST location_images.json: an image (by its bytes), streamed to storage and kept at once. */
  async addLocationImage(providerId: string, raw: IncomingMessage): Promise<LocationImage> {
    const file = await this.uploads.receive(providerId, raw, LOCATION_IMAGE_FIELD, ['image']);
    const id = uuidv7();
    try {
      await this.db.transaction(async (tx) => {
        await this.uploads.insert(tx, file, true);
        await this.images.insert(tx, { id, providerId, fileId: file.id });
      });
    } catch (error) {
      await this.uploads.abandon([file.storageKey, file.thumbnailKey]);
      throw error;
    }
    return this.locationImage((await this.images.find(providerId, id))!);
  }

  /** DELETE location_images/{id}: the row goes now, its file is discarded and leaves storage with the sweep. */
  async removeLocationImage(providerId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // A welcome screen would lose its picture unseen, and its draft could not be saved again: asked to change first.
      const shownBy = await this.images.toursShowing(tx, providerId, id);
      if (shownBy.length > 0) throw ApiError.conflict(imageInUse(shownBy));
      const removed = await this.images.delete(tx, providerId, id);
      if (!removed) throw ApiError.notFound(TOUR_MESSAGES.locationImageNotFound);
      await this.uploads.discard([removed.fileId], tx);
    });
    void this.sweeper.sweepNow();
  }

  /**
   * GET menu/action_metadata?link=: the title, description and image of the page a menu link opens. The
   * platform's own tours are answered from the database (the caller's own, or any shared one), never fetched;
   * other pages are read under WebPages' guard. Every refusal is a 422 on `link`.
   */
  async linkMetadata(providerId: string, link: string): Promise<LinkMetadata> {
    const reading = await this.pages.read(link);
    if ('refusal' in reading) throw ApiError.invalid('link', reading.refusal);
    if ('page' in reading) return reading.page;
    const tour = await this.linkedTour(reading.ownTour);
    if (!tour || (tour.providerId !== providerId && !(await this.shared(tour)))) {
      throw ApiError.invalid('link', TOUR_MESSAGES.tourNotFound);
    }
    // Another provider's tour behind a password: what the password protects is not previewed in a menu.
    if (tour.providerId !== providerId && tour.passwordProtected) {
      throw ApiError.invalid('link', PLAYER_MESSAGES.passwordRequired);
    }
    const preview = await this.preview(tour);
    return {
      url: preview.url,
      title: preview.title,
      description: preview.address,
      imageUrl: preview.imageUrl,
    };
  }

  /**
   * GET /tours/{client_slug}/{model_slug}/metadata, public: a shared tour's preview, through the tour's gate (as
   * base.json: 404 for a tour visitors may not see, 401 behind a password until unlocked).
   */
  async tourMetadata(
    clientSlug: string,
    modelSlug: string,
    context: VisitorContext,
    cookieHeader: string | undefined,
  ): Promise<TourMetadata> {
    await this.player.open(tourPublicId(clientSlug, modelSlug), context, cookieHeader);
    const tour = await this.linkedTour({ clientSlug, modelSlug });
    if (!tour) throw ApiError.notFound(TOUR_MESSAGES.tourNotFound);
    return this.preview(tour);
  }

  private linkedTour(link: OwnTour): Promise<LinkedTourRow | undefined> {
    return this.tourLinks.find(link.clientSlug, link.modelSlug);
  }

  /** Visitors may see the tour: its provider shares it (published feature `tour`) and the plan publishes. */
  private async shared(tour: LinkedTourRow): Promise<boolean> {
    return tour.tourPublished && (await this.plans.of(tour.providerId)).canPublish;
  }

  private async preview(tour: LinkedTourRow): Promise<TourMetadata> {
    const [photo] = await this.media.list(tour.providerId, tour.propertyId, 'photo');
    return {
      url: `${this.appUrl}/tours/${encodeURIComponent(tour.clientSlug)}/${encodeURIComponent(tour.modelSlug)}`,
      title: tour.title,
      address: tour.address,
      imageUrl: photo?.url ?? null,
    };
  }

  private async template(row: OverlayTemplateRow): Promise<OverlayTemplate> {
    let thumbnailUrl: string | null = null;
    if (row.thumbnailKey)
      thumbnailUrl = await this.storage.readUrl(row.thumbnailKey, undefined, 'image/jpeg');
    else if (row.storageKey) {
      thumbnailUrl = await this.storage.readUrl(
        row.storageKey,
        row.filename ?? undefined,
        row.contentType ?? undefined,
      );
    }
    return {
      id: row.id,
      name: row.name,
      overlay: row.overlay,
      thumbnailUrl,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async locationImage(row: LocationImageRow): Promise<LocationImage> {
    return {
      id: row.id,
      url: await this.storage.readUrl(row.storageKey, row.filename, row.contentType ?? undefined),
      thumbnailUrl: row.thumbnailKey
        ? await this.storage.readUrl(row.thumbnailKey, undefined, 'image/jpeg')
        : null,
      filename: row.filename,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/** 409 for a location image a welcome screen shows: which tours, and what to do. */
export function imageInUse(titles: string[]): string {
  const named = titles.map((title) => `“${title}”`).join(', ');
  return `This picture is on the welcome screen of ${named}. Choose another picture there (or turn the welcome screen off) first, then delete it.`;
}
