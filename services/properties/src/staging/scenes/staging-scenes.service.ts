import { Injectable } from '@nestjs/common';
import { ApiError, Database, uuidv7, type Queryable } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { Plans } from '../../plans/plans';
import { PropertyScope } from '../../properties/property-scope';
import { ProviderAssetsQuery } from '../staging-assets.dto';
import { GLB_CONTENT_TYPE, StagingAssetsService } from '../staging-assets.service';
import type {
  CreatorStudioPropsResponse,
  PlacedAssetResponse,
  PlacementForm,
  PlacementResponse,
  PublicSceneResponse,
  SceneSettingsForm,
  StagingSceneResponse,
} from './staging-scenes.dto';
import { StagingScenesRepository, type PlacedAssetRow, type SceneRow } from './staging-scenes.repository';
import {
  creditsOnce,
  DEFAULT_SCENE_SETTINGS,
  EMPTY_SCENE,
  hasCreatorStudio,
  LIGHTING_PRESETS,
  SCENE_LIMITS,
  SCENE_MESSAGES,
  type Placement,
  type SceneDocument,
} from './staging-scenes.rules';

const PLACEMENTS_FIELD = 'scene.placements';

/**
 * A property's staging scene (issue 36): library assets placed in the scan's space, and the scene's settings. The
 * editor saves the draft; the tour's layers' publishing (`PUT /provider/virtual_tours/layers/publish`) makes it what
 * visitors see, in the same statement as the layers, so a visitor never sees a half-staged room. Making scenes comes
 * with the creator studio (Creator and Pro plans).
 */
@Injectable()
export class StagingScenesService {
  constructor(
    private readonly db: Database,
    private readonly scenes: StagingScenesRepository,
    private readonly assets: StagingAssetsService,
    private readonly scope: PropertyScope,
    private readonly plans: Plans,
    private readonly storage: Storage,
  ) {}

  /** The scene as the editor has it: the draft, else the published scene, else an empty one. */
  async scene(
    providerId: string,
    propertyId: string,
    withPlacements: boolean,
  ): Promise<StagingSceneResponse> {
    await this.studio(providerId, propertyId);
    return this.view(propertyId, await this.scenes.find(propertyId), withPlacements);
  }

  /**
   * `POST scene`: the draft's placements, the whole list. Each places an asset the provider may use: the platform's
   * or its own, not archived unless the scene already places it (an archived asset stays where it stood). Any
   * refusal saves nothing.
   */
  async save(providerId: string, propertyId: string, forms: PlacementForm[]): Promise<StagingSceneResponse> {
    await this.studio(providerId, propertyId);
    await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      const current = await this.scenes.find(propertyId, tx);
      const alreadyPlaced = new Set(
        [...(current?.draft?.placements ?? []), ...(current?.published?.placements ?? [])].map(
          (placement) => placement.assetId,
        ),
      );
      const ids = [...new Set(forms.map((form) => form.assetId.toLowerCase()))];
      const usable = new Map(
        (await this.scenes.placedAssets(ids, tx))
          .filter(
            (asset) =>
              (asset.providerId === null || asset.providerId === providerId) &&
              (asset.archivedAt === null || alreadyPlaced.has(asset.id)),
          )
          .map((asset) => [asset.id, asset]),
      );
      const errors: Record<string, string> = {};
      const givenIds = new Set<string>();
      forms.forEach((form, index) => {
        if (!usable.has(form.assetId.toLowerCase())) {
          errors[`${PLACEMENTS_FIELD}.${index}.asset_id`] = SCENE_MESSAGES.notYourAsset;
        }
        if (form.id !== undefined && givenIds.has(form.id)) {
          errors[`${PLACEMENTS_FIELD}.${index}.id`] = SCENE_MESSAGES.repeatedPlacementId;
        }
        if (form.id !== undefined) givenIds.add(form.id);
      });
      ApiError.refuseAny(errors);
      await this.scenes.saveDraftPlacements(tx, providerId, propertyId, forms.map(placementOf));
    });
    return this.scene(providerId, propertyId, true);
  }

  /** `PATCH settings` (sceneSettings): the settings given change in the draft, the others stay. */
  async updateSettings(
    providerId: string,
    propertyId: string,
    form: SceneSettingsForm,
  ): Promise<StagingSceneResponse> {
    await this.studio(providerId, propertyId);
    const given = Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined));
    await this.scenes.saveDraftSettings(this.db.dataSource, providerId, propertyId, given);
    return this.scene(providerId, propertyId, false);
  }

  /** What the editor needs to start: the categories, the library's first page and size, the limits, the settings. */
  async creatorStudioProps(providerId: string, propertyId: string): Promise<CreatorStudioPropsResponse> {
    await this.studio(providerId, propertyId);
    const query = Object.assign(new ProviderAssetsQuery(), { page: 1, pageSize: SCENE_LIMITS.assetsPage });
    const [categories, library] = await Promise.all([
      this.assets.categories(),
      this.assets.providerLibrary(providerId, query),
    ]);
    return {
      categories,
      assets: library.items,
      assetCount: library.totalCount,
      limits: {
        placements: SCENE_LIMITS.placements,
        position: SCENE_LIMITS.position,
        scaleMin: SCENE_LIMITS.scale.min,
        scaleMax: SCENE_LIMITS.scale.max,
        floors: SCENE_LIMITS.floors,
      },
      lightingPresets: [...LIGHTING_PRESETS],
      defaultSettings: DEFAULT_SCENE_SETTINGS,
    };
  }

  /** scene.json: a shared tour's published scene, else 404; each placement with its model's signed link. */
  async published(publicId: string, propertyId: string): Promise<PublicSceneResponse> {
    const row = await this.scenes.find(propertyId);
    if (!row?.published || !row.publishedAt) throw ApiError.notFound(SCENE_MESSAGES.sceneNotFound);
    const placements = await this.placements(row.published.placements);
    return {
      id: publicId,
      publishedAt: row.publishedAt,
      settings: { ...DEFAULT_SCENE_SETTINGS, ...row.published.settings },
      placements,
      modelCredits: creditsOnce(placements.map((placement) => placement.asset.credit)),
    };
  }

  /** The provider's own live property (else 404), then the plan's creator studio (else 403 in words). */
  private async studio(
    providerId: string,
    propertyId: string,
    tx: Queryable = this.db.dataSource,
  ): Promise<void> {
    await this.scope.of(tx, providerId, propertyId);
    if (!hasCreatorStudio(await this.plans.of(providerId, tx))) {
      throw ApiError.forbidden(SCENE_MESSAGES.needsCreatorStudio);
    }
  }

  private async view(
    propertyId: string,
    row: SceneRow | undefined,
    withPlacements: boolean,
  ): Promise<StagingSceneResponse> {
    const scene: SceneDocument = row?.draft ?? row?.published ?? EMPTY_SCENE;
    return {
      propertyId,
      hasDraft: row?.draft != null,
      draftSavedAt: row?.draftSavedAt ?? null,
      publishedAt: row?.publishedAt ?? null,
      settings: { ...DEFAULT_SCENE_SETTINGS, ...scene.settings },
      placementCount: scene.placements.length,
      ...(withPlacements ? { placements: await this.placements(scene.placements) } : {}),
    };
  }

  /** Placements with their assets; one whose asset was deleted since (only a draft can hold one) is left out. */
  private async placements(placements: Placement[]): Promise<PlacementResponse[]> {
    const rows = await this.scenes.placedAssets([
      ...new Set(placements.map((placement) => placement.assetId)),
    ]);
    const assets = new Map(
      await Promise.all(rows.map(async (row) => [row.id, await this.asset(row)] as const)),
    );
    return placements.flatMap((placement) => {
      const asset = assets.get(placement.assetId);
      return asset ? [{ ...placement, asset }] : [];
    });
  }

  private async asset(row: PlacedAssetRow): Promise<PlacedAssetResponse> {
    return {
      id: row.id,
      name: row.name,
      url: await this.storage.readUrl(row.storageKey, row.filename, GLB_CONTENT_TYPE),
      dimensions: { width: row.widthM, height: row.heightM, depth: row.depthM },
      credit: row.credit,
      archived: row.archivedAt !== null,
    };
  }
}

function placementOf(form: PlacementForm): Placement {
  return {
    id: form.id ?? uuidv7(),
    assetId: form.assetId.toLowerCase(),
    position: { x: form.position.x, y: form.position.y, z: form.position.z },
    yaw: form.yaw,
    scale: form.scale,
    floor: form.floor,
  };
}
