import { describe, expect, it } from '@jest/globals';
import type { StagingPlacement } from './api';
import { placedModels } from './staging';

const placement = (id: string, extra: Partial<StagingPlacement> = {}): StagingPlacement => ({
  id,
  assetId: '0190a1b2-0000-7000-8000-000000000001',
  position: { x: 1.5, y: 0, z: -2.25 },
  yaw: 90,
  scale: 1.25,
  floor: 0,
  asset: {
    id: '0190a1b2-0000-7000-8000-000000000001',
    name: 'Mid-century sofa',
    url: 'https://s3.test/assets/sofa.glb?X-Amz-Signature=abc',
    dimensions: { width: 2, height: 0.9, depth: 0.8 },
    credit: null,
    archived: false,
  },
  ...extra,
});

describe('the scene’s placements as models of the space', () => {
  it('takes each placement’s asset (name, signed GLB, footprint) where the editor put it, turned and scaled', () => {
    expect(placedModels([placement('p1'), placement('p2', { yaw: 0, scale: 1 })])).toEqual([
      {
        id: 'p1',
        name: 'Mid-century sofa',
        url: 'https://s3.test/assets/sofa.glb?X-Amz-Signature=abc',
        position: { x: 1.5, y: 0, z: -2.25 },
        yaw: 90,
        scale: 1.25,
        footprint: { width: 2, depth: 0.8 },
      },
      expect.objectContaining({ id: 'p2', yaw: 0, scale: 1 }),
    ]);
  });

  it('places nothing for an empty scene', () => {
    expect(placedModels([])).toEqual([]);
  });
});
