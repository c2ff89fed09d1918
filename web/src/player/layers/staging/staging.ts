import type { SpaceModel } from '../../../tour/space';
import type { StagingPlacement } from './api';

/**
 * Each placement of the scene as a model of the space: its asset's GLB where the editor put it, turned and scaled,
 * with its asset's footprint (its contact shadow's size).
 */
export function placedModels(placements: StagingPlacement[]): SpaceModel[] {
  return placements.map((placement) => ({
    id: placement.id,
    name: placement.asset.name,
    url: placement.asset.url,
    position: { x: placement.position.x, y: placement.position.y, z: placement.position.z },
    yaw: placement.yaw,
    scale: placement.scale,
    footprint: { width: placement.asset.dimensions.width, depth: placement.asset.dimensions.depth },
  }));
}
