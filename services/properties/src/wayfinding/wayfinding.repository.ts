import { Injectable } from '@nestjs/common';
import { queryOne, queryRows, sql, type Narrow, type Queryable } from '@tourly/platform';
import type { JsonShaped } from '../json-columns';
import type { WayfindingJourney, WayfindingPoint } from './wayfinding.rules';
import type {
  IFindWayfindingLayerQuery,
  ISaveWayfindingLayerQuery,
  IShownWayfindingLayerQuery,
} from './wayfinding.repository.types';

type Known = { points: Array<JsonShaped<WayfindingPoint>>; journeys: Array<JsonShaped<WayfindingJourney>> };

const findWayfindingLayer = sql<Narrow<IFindWayfindingLayerQuery, Known>>`
  SELECT points, journeys FROM wayfinding_layers WHERE property_id = $propertyId!`;

const shownWayfindingLayer = sql<Narrow<IShownWayfindingLayerQuery, Known>>`
  SELECT p.premium, coalesce(w.points, '[]') AS "points!", coalesce(w.journeys, '[]') AS "journeys!"
    FROM properties p LEFT JOIN wayfinding_layers w ON w.property_id = p.id
   WHERE p.id = $propertyId!`;

const saveWayfindingLayer = sql<ISaveWayfindingLayerQuery>`
  INSERT INTO wayfinding_layers (property_id, provider_id, points, journeys)
  VALUES ($propertyId!, $providerId!, $points!::jsonb, $journeys!::jsonb)
  ON CONFLICT (property_id) DO UPDATE SET points = EXCLUDED.points, journeys = EXCLUDED.journeys, updated_at = now()`;

/** The `wayfinding_layers` table: a property's points and journeys, one row per property (none: an empty layer). */
@Injectable()
export class WayfindingRepository {
  /** The property's layer; the caller has scoped the property to its provider (or to a visitor's shared tour). */
  find(tx: Queryable, propertyId: string): Promise<Known | undefined> {
    return queryOne(tx, findWayfindingLayer, { propertyId });
  }

  /** What a visitor's player is given of a shared tour's property: its layer and whether the tour is premium. */
  shown(tx: Queryable, propertyId: string): Promise<(Known & { premium: boolean }) | undefined> {
    return queryOne(tx, shownWayfindingLayer, { propertyId });
  }

  async save(tx: Queryable, providerId: string, propertyId: string, layer: Known): Promise<void> {
    await queryRows(tx, saveWayfindingLayer, {
      propertyId,
      providerId,
      points: JSON.stringify(layer.points),
      journeys: JSON.stringify(layer.journeys),
    });
  }
}
