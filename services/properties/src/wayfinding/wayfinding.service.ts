import { Injectable } from '@nestjs/common';
import { ApiError, Database } from '@tourly/platform';
import { PropertyScope } from '../properties/property-scope';
import type { WayfindingLayerForm } from './wayfinding.dto';
import { WayfindingRepository } from './wayfinding.repository';
import {
  WAYFINDING_MESSAGES,
  unknownJourneyEnd,
  wayfindingLayerOf,
  type WayfindingLayer,
} from './wayfinding.rules';

const EMPTY: WayfindingLayer = { points: [], journeys: [] };

/**
 * A property's wayfinding layer: named points in its 3D space (each a sweep) and journeys between them. Saved whole
 * and at once (not through the tour's draft); visitors see it once the tour is shared.
 */
@Injectable()
export class WayfindingService {
  constructor(
    private readonly db: Database,
    private readonly scope: PropertyScope,
    private readonly layers: WayfindingRepository,
  ) {}

  async get(providerId: string, propertyId: string): Promise<WayfindingLayer> {
    const property = await this.scope.of(this.db.dataSource, providerId, propertyId);
    return this.of(property.id);
  }

  /** Replaces the layer; a journey between points the layer does not have is refused on its end. */
  async save(providerId: string, propertyId: string, form: WayfindingLayerForm): Promise<WayfindingLayer> {
    const layer = wayfindingLayerOf(form);
    const unknown = unknownJourneyEnd(layer);
    if (unknown) throw ApiError.invalid(`wayfindingLayer.${unknown}`, WAYFINDING_MESSAGES.unknownPoint);
    const property = await this.db.transaction(async (tx) => {
      const scoped = await this.scope.of(tx, providerId, propertyId, true);
      await this.layers.save(tx, providerId, scoped.id, layer);
      return scoped;
    });
    return this.of(property.id);
  }

  /**
   * What a visitor of a shared tour (the player checked it may be seen) is given: its layer while the tour is premium
   * (the layers are premium), else an empty one.
   */
  async shown(propertyId: string): Promise<WayfindingLayer> {
    const shown = await this.layers.shown(this.db.dataSource, propertyId);
    return shown?.premium ? { points: shown.points, journeys: shown.journeys } : EMPTY;
  }

  private async of(propertyId: string): Promise<WayfindingLayer> {
    return (await this.layers.find(this.db.dataSource, propertyId)) ?? EMPTY;
  }
}
