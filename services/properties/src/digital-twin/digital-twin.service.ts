import { Inject, Injectable } from '@nestjs/common';
import { DIGITAL_TWIN_DEFAULT_CONFIG, type DigitalTwinConfig } from '@tourly/contracts';
import {
  ApiError,
  Database,
  EventBus,
  likePattern,
  pageWithTotal,
  type Page,
  type Queryable,
} from '@tourly/platform';
import { PropertyScope } from '../properties/property-scope';
import { StagingAssetsService } from '../staging/staging-assets.service';
import { ALIGNMENT_MAX_ERROR_M, align, type AlignmentPair } from './alignment.rules';
import type {
  AdminDigitalTwinResponse,
  AlignmentPointsAnswer,
  DigitalTwinResponse,
  DigitalTwinsQuery,
} from './digital-twin.dto';
import { DIGITAL_TWIN_MESSAGES, DIGITAL_TWIN_NOT_FOUND } from './digital-twin.rules';
import { DigitalTwinsRepository, type StoredTransform, type TwinRow } from './digital-twins.repository';

/** An aligned twin as the player places it: scan = scale × rotation × model + translation. */
export interface Exterior {
  id: string;
  name: string;
  url: string;
  transform: StoredTransform;
}

/**
 * A property's digital twin (issue 37): a model of the staging library (the platform's or the provider's own, an
 * upload or a Sketchfab import alike) shown around the scan. It starts pending alignment; the provider's pairs of
 * points place it (alignment.rules), and it is aligned while their error is under the threshold.
 */
@Injectable()
export class DigitalTwinService {
  constructor(
    private readonly db: Database,
    private readonly scope: PropertyScope,
    private readonly twins: DigitalTwinsRepository,
    private readonly assets: StagingAssetsService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async get(providerId: string, propertyId: string): Promise<DigitalTwinResponse> {
    return this.view(await this.ownTwin(providerId, propertyId));
  }

  /** A new twin from one of the provider's library models; a property has one at most. */
  async create(providerId: string, propertyId: string, assetId: string): Promise<DigitalTwinResponse> {
    const asset = await this.assets.find(assetId);
    const usable =
      asset && asset.archivedAt === null && (asset.library === 'platform' || asset.providerId === providerId);
    const property = await this.db.transaction(async (tx) => {
      const scoped = await this.scope.of(tx, providerId, propertyId, true);
      if (!usable) throw ApiError.invalid('digitalTwin.assetId', DIGITAL_TWIN_MESSAGES.notYourAsset);
      const created = await this.twins.insert(tx, {
        propertyId: scoped.id,
        providerId,
        assetId,
        config: DIGITAL_TWIN_DEFAULT_CONFIG,
      });
      if (!created) throw ApiError.conflict(DIGITAL_TWIN_MESSAGES.exists);
      return scoped;
    });
    return this.view(await this.twinOf(this.db.dataSource, property.id));
  }

  async remove(providerId: string, propertyId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const property = await this.scope.of(tx, providerId, propertyId, true);
      if (!(await this.twins.delete(tx, property.id))) throw ApiError.notFound(DIGITAL_TWIN_NOT_FOUND);
    });
  }

  async config(providerId: string, propertyId: string): Promise<DigitalTwinConfig> {
    return (await this.ownTwin(providerId, propertyId)).config;
  }

  async saveConfig(
    providerId: string,
    propertyId: string,
    config: DigitalTwinConfig,
  ): Promise<DigitalTwinConfig> {
    const saved: DigitalTwinConfig = {
      visible: config.visible,
      opacity: config.opacity,
      lighting: config.lighting,
      hiddenFloors: [...config.hiddenFloors].sort((a, b) => a - b),
    };
    await this.db.transaction(async (tx) => {
      const property = await this.scope.of(tx, providerId, propertyId, true);
      if (!(await this.twins.saveConfig(tx, property.id, saved)))
        throw ApiError.notFound(DIGITAL_TWIN_NOT_FOUND);
    });
    return saved;
  }

  async alignmentPoints(providerId: string, propertyId: string): Promise<AlignmentPointsAnswer> {
    return this.pointsOf(await this.ownTwin(providerId, propertyId));
  }

  /**
   * Places the twin by the pairs: the transform and each pair's residual are kept whatever the error (the provider
   * sees which pair is off), and the twin is aligned only under ALIGNMENT_MAX_ERROR_M, else back to pending. Every
   * alignment that ends aligned announces the placement (`digital_twin.aligned`), in the same transaction.
   */
  async align(
    providerId: string,
    propertyId: string,
    pairs: AlignmentPair[],
  ): Promise<AlignmentPointsAnswer> {
    const found = align(pairs);
    if ('error' in found) throw ApiError.invalid('alignmentPoints', found.error);
    const transform = { scale: found.scale, quaternion: found.quaternion, translation: found.translation };
    const row = await this.db.transaction(async (tx) => {
      const property = await this.scope.of(tx, providerId, propertyId, true);
      const saved = await this.twins.saveAlignment(tx, property.id, {
        points: pairs.map(({ scan, model }, i) => ({
          scan: { x: scan.x, y: scan.y, z: scan.z },
          model: { x: model.x, y: model.y, z: model.z },
          residual: found.residuals[i]!,
        })),
        transform,
        rmsErrorM: found.rmsError,
        alignment: found.aligned ? 'aligned' : 'pending_alignment',
      });
      if (!saved) throw ApiError.notFound(DIGITAL_TWIN_NOT_FOUND);
      const twin = await this.twinOf(tx, property.id);
      if (found.aligned) {
        await this.events.publish(
          'properties.digital_twin.aligned.v1',
          {
            providerId,
            propertyId: property.id,
            digitalTwinId: twin.id,
            assetId: twin.assetId,
            transform,
            rmsError: found.rmsError,
            alignedAt: twin.updatedAt.toISOString(),
          },
          tx,
        );
      }
      return twin;
    });
    return this.pointsOf(row);
  }

  /**
   * What the visitors' player shows of a property's twin: its model placed by its alignment, when it is aligned and
   * the provider shows it; null otherwise (or when the library no longer has the model).
   */
  async exteriorOf(propertyId: string): Promise<Exterior | null> {
    const row = await this.twins.find(this.db.dataSource, propertyId);
    if (!row || row.alignment !== 'aligned' || !row.transform || !row.config.visible) return null;
    const asset = await this.assets.find(row.assetId);
    if (!asset) return null;
    return { id: row.id, name: asset.name, url: asset.url, transform: row.transform };
  }

  /** The back office's list of every provider's twins. */
  async everyProvidersTwins(query: DigitalTwinsQuery): Promise<Page<AdminDigitalTwinResponse>> {
    const search = likePattern(query.search);
    const rows = await this.twins.adminPage(this.db.dataSource, search, query.pageSize, query.offset);
    return pageWithTotal(rows, query, () => this.twins.countAdmin(this.db.dataSource, search));
  }

  /** The twin of the provider's own live property: 404 for another provider's property, or none. */
  private async ownTwin(providerId: string, propertyId: string): Promise<TwinRow> {
    const property = await this.scope.of(this.db.dataSource, providerId, propertyId);
    return this.twinOf(this.db.dataSource, property.id);
  }

  private async twinOf(db: Queryable, propertyId: string): Promise<TwinRow> {
    const row = await this.twins.find(db, propertyId);
    if (!row) throw ApiError.notFound(DIGITAL_TWIN_NOT_FOUND);
    return row;
  }

  private pointsOf(row: TwinRow): AlignmentPointsAnswer {
    return {
      alignmentPoints: row.alignmentPoints,
      alignment: row.alignment,
      rmsError: row.rmsErrorM,
      maxError: ALIGNMENT_MAX_ERROR_M,
    };
  }

  private async view(row: TwinRow): Promise<DigitalTwinResponse> {
    return {
      id: row.id,
      propertyId: row.propertyId,
      alignment: row.alignment,
      asset: (await this.assets.find(row.assetId)) ?? null,
      config: row.config,
      transform: row.transform,
      rmsError: row.rmsErrorM,
      alignedAt: row.alignedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }
}
