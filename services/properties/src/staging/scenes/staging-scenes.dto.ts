import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, Matches } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { Nested, OptionalFlag, OptionalOneOf, TimeField, UUID_PATTERN } from '@tourly/platform';
import { Bounded, NestedListOrNone } from '../../audio-tours/audio-tours.dto';
import { VectorResponse } from '../../custom-tags/custom-tags.dto';
import { ModelCreditResponse } from '../../player/player.dto';
import { AssetResponse, CategoryResponse, DimensionsResponse } from '../staging-assets.dto';
import { LIGHTING_PRESETS, SCENE_LIMITS, SCENE_MESSAGES, type LightingPreset } from './staging-scenes.rules';

// Requests.

/** `GET /{id}/vt_staging/?scene_data=true`: the placements too. */
export class StagingSceneQuery {
  @OptionalOneOf(['true', 'false'] as const)
  sceneData?: 'true' | 'false';
}

export class PositionForm {
  @Bounded(-SCENE_LIMITS.position, SCENE_LIMITS.position, { description: 'metres, the scan’s x' })
  x!: number;

  @Bounded(-SCENE_LIMITS.position, SCENE_LIMITS.position, { description: 'metres, the scan’s y (up)' })
  y!: number;

  @Bounded(-SCENE_LIMITS.position, SCENE_LIMITS.position, { description: 'metres, the scan’s z' })
  z!: number;
}

export class PlacementForm {
  @ApiPropertyOptional({ type: String, maxLength: 40, description: 'kept when given; else one is made' })
  @IsOptional()
  @Matches(/^[\w-]{1,40}$/, { message: 'must be 1 to 40 letters, digits, - or _' })
  id?: string;

  @ApiProperty({ format: 'uuid', description: 'an asset of the staging library the provider may use' })
  @IsDefined({ message: MESSAGES.required })
  @Matches(UUID_PATTERN, { message: SCENE_MESSAGES.notYourAsset })
  assetId!: string;

  @Nested(() => PositionForm)
  position!: PositionForm;

  @Bounded(0, 360, { description: 'degrees about the up axis (y), counter-clockwise seen from above' })
  yaw!: number;

  @Bounded(SCENE_LIMITS.scale.min, SCENE_LIMITS.scale.max, { description: 'uniform, 1 the model’s own size' })
  scale!: number;

  @Bounded(0, SCENE_LIMITS.floors, {
    whole: true,
    description: 'the floor it stands on (Matterport’s index)',
  })
  floor!: number;
}

export class SceneForm {
  @NestedListOrNone(() => PlacementForm, SCENE_LIMITS.placements)
  placements!: PlacementForm[];
}

/** `POST /{id}/vt_staging/scene`: the draft's placements, the whole list (it replaces the draft's). */
export class SaveScene {
  @Nested(() => SceneForm)
  scene!: SceneForm;
}

/** The settings a PATCH changes (a field left out stays). */
export class SceneSettingsForm {
  @OptionalOneOf(LIGHTING_PRESETS)
  lighting?: LightingPreset;

  @OptionalFlag({ description: 'the preset lights the whole space, not only the placed models' })
  globalLighting?: boolean;

  @OptionalFlag()
  shadows?: boolean;
}

/** `PATCH /{id}/vt_staging/settings` (001 §7's sceneSettings). */
export class UpdateSceneSettings {
  @Nested(() => SceneSettingsForm)
  sceneSettings!: SceneSettingsForm;
}

// Answers.

export class SceneSettingsResponse {
  @ApiProperty({ enum: LIGHTING_PRESETS })
  lighting!: LightingPreset;

  @ApiProperty()
  globalLighting!: boolean;

  @ApiProperty()
  shadows!: boolean;
}

/** The asset a placement places, as the editor and the player load it. */
export class PlacedAssetResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'the GLB, presigned for an hour' })
  url!: string;

  @ApiProperty({ type: () => DimensionsResponse })
  dimensions!: DimensionsResponse;

  @ApiProperty({ type: () => ModelCreditResponse, nullable: true })
  credit!: ModelCreditResponse | null;

  @ApiProperty({ description: 'out of the library (kept for the scenes that place it)' })
  archived!: boolean;
}

export class PlacementResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty({ format: 'uuid' })
  assetId!: string;

  @ApiProperty({ type: () => VectorResponse, description: 'metres in the scan’s space' })
  position!: VectorResponse;

  @ApiProperty({ description: 'degrees about the up axis' })
  yaw!: number;

  @ApiProperty()
  scale!: number;

  @ApiProperty()
  floor!: number;

  @ApiProperty({ type: () => PlacedAssetResponse })
  asset!: PlacedAssetResponse;
}

export class StagingSceneResponse {
  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({ description: 'unpublished changes: the draft is what this answer shows' })
  hasDraft!: boolean;

  @TimeField({ nullable: true })
  draftSavedAt!: Date | null;

  @TimeField({ nullable: true, description: 'null: visitors see no scene' })
  publishedAt!: Date | null;

  @ApiProperty({ type: () => SceneSettingsResponse })
  settings!: SceneSettingsResponse;

  @ApiProperty()
  placementCount!: number;

  @ApiPropertyOptional({ type: () => [PlacementResponse], description: 'with `scene_data=true`' })
  placements?: PlacementResponse[];
}

export class SceneLimitsResponse {
  @ApiProperty()
  placements!: number;

  @ApiProperty({ description: 'metres from the scan’s origin, each axis, either way' })
  position!: number;

  @ApiProperty()
  scaleMin!: number;

  @ApiProperty()
  scaleMax!: number;

  @ApiProperty({ description: 'the highest floor index' })
  floors!: number;
}

/** What the staging editor (the creator studio) needs to start. */
export class CreatorStudioPropsResponse {
  @ApiProperty({ type: [CategoryResponse] })
  categories!: CategoryResponse[];

  @ApiProperty({
    type: [AssetResponse],
    description: 'the first page of the provider’s library, newest first',
  })
  assets!: AssetResponse[];

  @ApiProperty({ description: 'how many assets the provider’s library holds' })
  assetCount!: number;

  @ApiProperty({ type: () => SceneLimitsResponse })
  limits!: SceneLimitsResponse;

  @ApiProperty({ enum: LIGHTING_PRESETS, isArray: true })
  lightingPresets!: LightingPreset[];

  @ApiProperty({ type: () => SceneSettingsResponse })
  defaultSettings!: SceneSettingsResponse;
}

/** `GET /vt_staging/{id}/scene.json`: the published scene, for the player. */
export class PublicSceneResponse {
  @ApiProperty({ description: 'the tour’s public id' })
  id!: string;

  @TimeField()
  publishedAt!: Date;

  @ApiProperty({ type: () => SceneSettingsResponse })
  settings!: SceneSettingsResponse;

  @ApiProperty({ type: () => [PlacementResponse] })
  placements!: PlacementResponse[];

  @ApiProperty({ type: () => [ModelCreditResponse], description: 'each third-party model once' })
  modelCredits!: ModelCreditResponse[];
}
