import { Inject, Injectable } from '@nestjs/common';
import {
  defaultTourLayers,
  TOUR_MESSAGES,
  type TourDraftForOrder,
  type TourDraftForOrderRequest,
  type TourLayers,
} from '@tourly/contracts';
import { ApiError, CONFIG, Database, isUuid } from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { withShowcaseSdk, type ShowcaseSdkSettings } from '../player/player.rules';
import { Plans, PUBLISHING_NEEDS_PLAN } from '../plans/plans';
import { PROPERTY_NOT_FOUND } from '../properties/property-scope';
import { StagingScenesRepository } from '../staging/scenes/staging-scenes.repository';
import { PlayerLinksService, type TourView } from './player-links.service';
import { PlayerLinksRepository } from './player-links.repository';
import {
  LAYER_MESSAGES,
  type GuidedTourLayerChange,
  type MenuForm,
  type PreviewState,
  type TourLayersForm,
  type WelcomeScreenForm,
} from './tour-layers.dto';
import { layersOf, menuOf, welcomeScreenOf } from './tours.rules';
import { VirtualToursRepository, type VirtualTourRow } from './virtual-tours.repository';

export interface DraftView {
  id: string;
  propertyId: string;
  /** The draft, else the published layers, else the defaults. */
  state: TourLayers;
  hasDraft: boolean;
  draftSavedAt: Date | null;
  publishedAt: Date | null;
  published: TourLayers | null;
}

/**
 * A tour's layers (overlay, menu, welcome screen, guided tour): every edit goes to the draft, started from the
 * published layers (or the defaults); publishing copies the draft into the published layers in one statement.
 */
/** The provider's preview: the tour view, and the Showcase SDK (null: no SDK key configured). */
export interface TourPreview extends TourView {
  showcaseSdk: ShowcaseSdkSettings | null;
}

@Injectable()
export class TourLayersService {
  constructor(
    private readonly db: Database,
    private readonly tours: VirtualToursRepository,
    private readonly links: PlayerLinksRepository,
    private readonly playerLinks: PlayerLinksService,
    private readonly plans: Plans,
    private readonly scenes: StagingScenesRepository,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
  ) {}

  /**
   * Orders, before delivering a workshop assistant order: when the draft of the property's tour was last saved (null
   * without one, or for a property that is not the provider's live one).
   */
  async draftForOrder(request: TourDraftForOrderRequest): Promise<TourDraftForOrder> {
    if (!isUuid(request.providerId) || !isUuid(request.propertyId)) return { draftSavedAt: null };
    const savedAt = await this.tours.draftSavedAt(this.db.dataSource, request.providerId, request.propertyId);
    return { draftSavedAt: savedAt?.toISOString() ?? null };
  }

  async draft(providerId: string, tourId: string): Promise<DraftView> {
    return draftView(await this.tour(providerId, tourId));
  }

  async saveDraft(providerId: string, tourId: string, form: TourLayersForm): Promise<DraftView> {
    const tour = await this.tour(providerId, tourId);
    await this.requireLocationImage(
      providerId,
      form.welcomeScreen.imageId,
      'draft.state.welcomeScreen.imageId',
    );
    await this.tours.saveDraft(this.db.dataSource, tour.id, layersOf(form));
    return this.draft(providerId, tour.id);
  }

  async dropDraft(providerId: string, tourId: string): Promise<DraftView> {
    const tour = await this.tour(providerId, tourId);
    await this.tours.dropDraft(this.db.dataSource, tour.id);
    return this.draft(providerId, tour.id);
  }

  async saveMenu(providerId: string, tourId: string, form: MenuForm): Promise<DraftView> {
    const tour = await this.tour(providerId, tourId);
    await this.tours.saveDraftPart(this.db.dataSource, tour.id, 'menu', menuOf(form));
    return this.draft(providerId, tour.id);
  }

  async welcomeScreen(providerId: string, tourId: string): Promise<TourLayers['welcomeScreen']> {
    return draftView(await this.tour(providerId, tourId)).state.welcomeScreen;
  }

  async saveWelcomeScreen(
    providerId: string,
    tourId: string,
    form: WelcomeScreenForm,
  ): Promise<TourLayers['welcomeScreen']> {
    const tour = await this.tour(providerId, tourId);
    await this.requireLocationImage(providerId, form.imageId, 'overlayWelcomeScreen.imageId');
    await this.tours.saveDraftPart(this.db.dataSource, tour.id, 'welcomeScreen', welcomeScreenOf(form));
    return this.welcomeScreen(providerId, tour.id);
  }

  async guidedTour(providerId: string, propertyId: string): Promise<TourLayers['guidedTour']> {
    return draftView(await this.tourOfProperty(providerId, propertyId)).state.guidedTour;
  }

  async saveGuidedTour(
    providerId: string,
    propertyId: string,
    change: GuidedTourLayerChange,
  ): Promise<TourLayers['guidedTour']> {
    const tour = await this.tourOfProperty(providerId, propertyId);
    const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    await this.tours.mergeDraftPart(this.db.dataSource, tour.id, 'guidedTour', given);
    return this.guidedTour(providerId, propertyId);
  }

  /**
   * `publish`: the draft becomes what visitors see (403 on a plan that publishes nothing); otherwise the layers
   * come down (visitors see the defaults) and stay as the draft, which any plan may do.
   */
  async publish(providerId: string, propertySlug: string, publish: boolean): Promise<DraftView> {
    const propertyId = await this.links.propertyIdBySlug(this.db.dataSource, providerId, propertySlug);
    if (!propertyId) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    if (publish && !(await this.plans.of(providerId)).canPublish)
      throw ApiError.forbidden(PUBLISHING_NEEDS_PLAN);
    const tour = await this.tourOfProperty(providerId, propertyId);
    // The staging scene is one of the tour's layers: it goes up and comes down with the others, in one transaction.
    await this.db.transaction(async (tx) => {
      if (publish) {
        await this.tours.publish(tx, tour.id);
        await this.scenes.publish(tx, propertyId);
      } else {
        await this.tours.unpublish(tx, tour.id);
        await this.scenes.unpublish(tx, propertyId);
      }
    });
    return this.draft(providerId, tour.id);
  }

  /** The player's JSON with the draft's layers (`draft`) or the ones visitors see (`published`). */
  /** The tour as the provider previews it, with the Showcase SDK its editors place things in the space with. */
  async preview(providerId: string, tourId: string, state: PreviewState): Promise<TourPreview> {
    const tour = await this.tour(providerId, tourId);
    const layers = state === 'draft' ? draftView(tour).state : (tour.published ?? defaultTourLayers());
    const view = await this.playerLinks.tourView(providerId, tour.propertyId, layers);
    return { ...view, ...withShowcaseSdk(view.model, this.config) };
  }

  private async tour(providerId: string, tourId: string): Promise<VirtualTourRow> {
    const tour = isUuid(tourId) ? await this.tours.find(this.db.dataSource, providerId, tourId) : undefined;
    if (!tour) throw ApiError.notFound(TOUR_MESSAGES.tourNotFound);
    return tour;
  }

  /** The property's virtual tour, made (with its player link) unless it exists. */
  private async tourOfProperty(providerId: string, propertyId: string): Promise<VirtualTourRow> {
    await this.playerLinks.ensure(providerId, propertyId);
    return (await this.tours.byProperty(this.db.dataSource, propertyId))!;
  }

  private async requireLocationImage(
    providerId: string,
    imageId: string | null,
    field: string,
  ): Promise<void> {
    if (imageId === null) return;
    if (!(await this.tours.isLocationImage(this.db.dataSource, providerId, imageId))) {
      throw ApiError.invalid(field, LAYER_MESSAGES.notALocationImage);
    }
  }
}

function draftView(tour: VirtualTourRow): DraftView {
  return {
    id: tour.id,
    propertyId: tour.propertyId,
    state: tour.draft ?? tour.published ?? defaultTourLayers(),
    hasDraft: tour.draft !== null,
    draftSavedAt: tour.draftSavedAt,
    publishedAt: tour.publishedAt,
    published: tour.published,
  };
}
