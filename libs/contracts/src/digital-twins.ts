/**
 * Digital twins (002 §3, §7 "Provider: digital twin"; 001 §3): a property's exterior or surroundings model shown
 * around its scan once aligned to it.
 */

/** 001 §3: a twin is placed around the scan only once aligned. */
export const DIGITAL_TWIN_ALIGNMENTS = ['pending_alignment', 'aligned'] as const;
export type DigitalTwinAlignment = (typeof DIGITAL_TWIN_ALIGNMENTS)[number];

/**
 * How the twin is lit in the player: `scan` takes the scan's own light (the model's colours as in the scan), `global`
 * lights it evenly from above (the onboarding's global_lighting), `model` keeps the model's own (baked) lighting.
 */
export const DIGITAL_TWIN_LIGHTINGS = ['scan', 'global', 'model'] as const;
export type DigitalTwinLighting = (typeof DIGITAL_TWIN_LIGHTINGS)[number];

export interface DigitalTwinConfig {
  /** Shown to visitors (the overlay's exterior toggle starts on) once aligned. */
  visible: boolean;
  /** 0 (invisible) to 1 (opaque). */
  opacity: number;
  lighting: DigitalTwinLighting;
  /** The scan's floors (0 the lowest) on which the twin is hidden, so that it does not hide the rooms. */
  hiddenFloors: number[];
}

export const DIGITAL_TWIN_DEFAULT_CONFIG: DigitalTwinConfig = {
  visible: true,
  opacity: 1,
  lighting: 'scan',
  hiddenFloors: [],
};

/** The highest floor index a config may name (Matterport's spaces have far fewer). */
export const DIGITAL_TWIN_MAX_FLOOR = 99;
