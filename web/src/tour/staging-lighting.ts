import type { SpaceLight, SpaceLighting, SpacePoint } from './space';

/** The staging scene's settings (001 §7 sceneSettings) as the player's scene.json and the editor's draft hold them. */
export interface StagingSettings {
  lighting: LightingPreset;
  /** The preset tints the scan too, not only the staged models. */
  globalLighting: boolean;
  shadows: boolean;
}
export type LightingPreset = 'natural' | 'warm' | 'cool' | 'evening';

interface Preset {
  ambient: SpaceLight;
  /** Shines from above and to the side: the directional light's position in metres. */
  directional: SpaceLight & { position: SpacePoint };
  /** The colour the scan is tinted with (global lighting), and how much of it shows. */
  tint: { color: string; opacity: number };
}

/**
 * Each preset as an ambient and a directional light (Matterport's intensities: the directional light's default is 2)
 * and the scan's tint. Natural is the daylight a scan was taken in; warm a low yellow sun; cool an overcast north
 * light; evening lamps after dark, dimmer and orange.
 */
export const LIGHTING_PRESETS: Record<LightingPreset, Preset> = {
  natural: {
    ambient: { color: '#ffffff', intensity: 0.8 },
    directional: { color: '#fff6e8', intensity: 2, position: { x: 2, y: 4, z: 1 } },
    tint: { color: '#fff4e0', opacity: 0.06 },
  },
  warm: {
    ambient: { color: '#ffe4c4', intensity: 0.7 },
    directional: { color: '#ffc98a', intensity: 1.8, position: { x: 3, y: 3, z: 1 } },
    tint: { color: '#ffb45c', opacity: 0.14 },
  },
  cool: {
    ambient: { color: '#e2ecff', intensity: 0.85 },
    directional: { color: '#cfe0ff', intensity: 1.8, position: { x: -2, y: 4, z: 2 } },
    tint: { color: '#8fb6ff', opacity: 0.12 },
  },
  evening: {
    ambient: { color: '#ffd2a6', intensity: 0.45 },
    directional: { color: '#ff9d57', intensity: 1.2, position: { x: 1, y: 2.5, z: 3 } },
    tint: { color: '#ff8840', opacity: 0.18 },
  },
};

/** The lighting of the staged models for `settings`; `shadowUrl` is the contact shadow's GLB, used when shadows are on. */
export function stagingLighting(settings: StagingSettings, shadowUrl: string): SpaceLighting {
  const preset = LIGHTING_PRESETS[settings.lighting];
  return {
    ambient: { ...preset.ambient },
    directional: { ...preset.directional, position: { ...preset.directional.position } },
    shadowUrl: settings.shadows ? shadowUrl : null,
  };
}

/** The scan's tint for `settings` (global lighting); null when the preset lights only the models. */
export function sceneTint(settings: StagingSettings): Preset['tint'] | null {
  return settings.globalLighting ? { ...LIGHTING_PRESETS[settings.lighting].tint } : null;
}
