import { PLANS, type ProductCode } from '@tourly/contracts';
import type { AssetCredit } from '../staging-assets.repository';

/** What a scene may hold (README, "Staging scenes"): what a phone draws smoothly, in a home's own space. */
export const SCENE_LIMITS = {
  /** Placements in one scene: a furnished home is 20-40 pieces. */
  placements: 60,
  /** Metres from the scan's origin on each axis: larger than any home Matterport scans. */
  position: 500,
  /** Uniform scale: a tenth of the model's size to ten times it. */
  scale: { min: 0.1, max: 10 },
  /** Matterport's floor index (0 the lowest floor). */
  floors: 50,
  /** The editor's first page of the library. */
  assetsPage: 24,
} as const;

export const LIGHTING_PRESETS = ['natural', 'warm', 'cool', 'evening'] as const;
export type LightingPreset = (typeof LIGHTING_PRESETS)[number];

export interface SceneSettings {
  lighting: LightingPreset;
  /** 002 §3's global_lighting: the preset lights the whole space, not only the placed models. */
  globalLighting: boolean;
  shadows: boolean;
}

export const DEFAULT_SCENE_SETTINGS: SceneSettings = {
  lighting: 'natural',
  globalLighting: false,
  shadows: true,
};

/** One placed asset: where it stands in the scan's space (metres), turned `yaw` degrees about the up axis. */
export interface Placement {
  id: string;
  assetId: string;
  position: { x: number; y: number; z: number };
  yaw: number;
  scale: number;
  floor: number;
}

/** A scene as the draft and the published copy store it. */
export interface SceneDocument {
  settings: SceneSettings;
  placements: Placement[];
}

export const EMPTY_SCENE: SceneDocument = { settings: DEFAULT_SCENE_SETTINGS, placements: [] };

export const SCENE_MESSAGES = {
  needsCreatorStudio:
    'Virtual staging is part of the creator studio, which comes with the Creator and Pro plans. Upgrade your plan to stage this property.',
  notYourAsset: 'is not an asset of your staging library',
  sceneNotFound: 'This tour has no staged scene',
  repeatedPlacementId: 'is already the id of another placement',
} as const;

/** Statuses in which a paid plan's features are on (identity's rule for `GET /provider/features/creator_studio`). */
const ENTITLED = new Set(['active', 'trialing', 'past_due']);

/** The creator studio comes with Creator and Pro (identity answers `creator_studio` by the same rule). */
export function hasCreatorStudio(plan: { productCode: ProductCode; status: string }): boolean {
  return (
    ENTITLED.has(plan.status) && (PLANS[plan.productCode]?.planTier ?? 0) >= PLANS.vt_creator_plan.planTier
  );
}

/** Each distinct third-party model once (by its uid), in the order the scene first places it. */
export function creditsOnce(credits: ReadonlyArray<AssetCredit | null>): AssetCredit[] {
  const seen = new Map<string, AssetCredit>();
  for (const credit of credits) {
    if (credit && !seen.has(credit.model.uid)) seen.set(credit.model.uid, credit);
  }
  return [...seen.values()];
}
