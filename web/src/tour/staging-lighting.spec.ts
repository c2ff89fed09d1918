import { describe, expect, it } from '@jest/globals';
import { sdkColor } from './showcase-sdk';
import { LIGHTING_PRESETS, sceneTint, stagingLighting, type LightingPreset } from './staging-lighting';

const PRESETS = Object.keys(LIGHTING_PRESETS) as LightingPreset[];
const SHADOW = '/assets/contact-shadow.glb';

describe('the staging scene’s lighting presets', () => {
  it('has the four presets the scene settings take, each an ambient and a directional light the SDK accepts', () => {
    expect(PRESETS.sort()).toEqual(['cool', 'evening', 'natural', 'warm']);
    for (const preset of PRESETS) {
      const { ambient, directional, tint } = LIGHTING_PRESETS[preset];
      for (const light of [ambient, directional]) {
        expect(() => sdkColor(light.color)).not.toThrow();
        expect(light.intensity).toBeGreaterThan(0);
      }
      // From above the floor: the light falls on the pieces' tops and fronts.
      expect(directional.position.y).toBeGreaterThan(0);
      expect(() => sdkColor(tint.color)).not.toThrow();
      // Subtle: the scan stays the scan.
      expect(tint.opacity).toBeGreaterThan(0);
      expect(tint.opacity).toBeLessThanOrEqual(0.2);
    }
  });

  it('tells the presets apart: warm is warmer than cool, evening dimmer than natural', () => {
    const red = (preset: LightingPreset) => sdkColor(LIGHTING_PRESETS[preset].directional.color);
    expect(red('warm').r - red('warm').b).toBeGreaterThan(red('cool').r - red('cool').b);
    expect(LIGHTING_PRESETS.evening.directional.intensity).toBeLessThan(
      LIGHTING_PRESETS.natural.directional.intensity,
    );
    expect(LIGHTING_PRESETS.evening.ambient.intensity).toBeLessThan(
      LIGHTING_PRESETS.natural.ambient.intensity,
    );
  });

  it('lights the models with the preset, with the contact shadow only when shadows are on', () => {
    expect(stagingLighting({ lighting: 'warm', globalLighting: false, shadows: true }, SHADOW)).toEqual({
      ambient: LIGHTING_PRESETS.warm.ambient,
      directional: LIGHTING_PRESETS.warm.directional,
      shadowUrl: SHADOW,
    });
    expect(stagingLighting({ lighting: 'cool', globalLighting: true, shadows: false }, SHADOW)).toEqual(
      expect.objectContaining({ ambient: LIGHTING_PRESETS.cool.ambient, shadowUrl: null }),
    );
  });

  it('gives a copy: a change to the lighting never reaches the table', () => {
    const lighting = stagingLighting({ lighting: 'natural', globalLighting: false, shadows: false }, SHADOW);
    lighting.directional.position.y = -1;
    lighting.ambient.intensity = 9;
    expect(LIGHTING_PRESETS.natural.directional.position.y).toBe(4);
    expect(LIGHTING_PRESETS.natural.ambient.intensity).toBe(0.8);
  });

  it('tints the scan with the preset’s colour only with global lighting', () => {
    expect(sceneTint({ lighting: 'evening', globalLighting: true, shadows: false })).toEqual(
      LIGHTING_PRESETS.evening.tint,
    );
    expect(sceneTint({ lighting: 'evening', globalLighting: false, shadows: true })).toBeNull();
  });
});
