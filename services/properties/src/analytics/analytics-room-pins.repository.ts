import { Injectable } from '@nestjs/common';
import { queryAffected, queryRows, sql, type Queryable } from '@tourly/platform';
import type { RoomPin } from './analytics-room-pins.rules';
import type {
  IDeleteRoomPinsNotInQuery,
  IListRoomPinsQuery,
  IListRoomPinsResult,
  IUpsertRoomPinsQuery,
} from './analytics-room-pins.repository.types';

export type RoomPinRow = IListRoomPinsResult;

// In the order of the floor plans on the property's page, then by floor and room.
const listRoomPins = sql<IListRoomPinsQuery>`
  SELECT p.room, p.floor, p.floorplan_id AS "floorplanId", p.x, p.y
    FROM analytics_room_pins p JOIN property_media m ON m.id = p.floorplan_id
   WHERE p.provider_id = $providerId! AND p.property_id = $propertyId!
   ORDER BY m.position, m.id, p.floor NULLS FIRST, p.room COLLATE "C"`;

// The pins the new list leaves out; a room is its name on its floor (a room without a floor is one too).
const deleteRoomPinsNotIn = sql<IDeleteRoomPinsNotInQuery>`
  DELETE FROM analytics_room_pins p
   WHERE p.provider_id = $providerId! AND p.property_id = $propertyId!
     AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($pins!::jsonb) AS kept(room text, floor smallint)
                      WHERE kept.room = p.room AND kept.floor IS NOT DISTINCT FROM p.floor)`;

// A pin that did not move is not written again (nothing for the impersonation audit to record).
const upsertRoomPins = sql<IUpsertRoomPinsQuery>`
  INSERT INTO analytics_room_pins AS p (provider_id, property_id, room, floor, floorplan_id, x, y)
  SELECT $providerId!, $propertyId!, given.room, given.floor, given."floorplanId", given.x, given.y
    FROM jsonb_to_recordset($pins!::jsonb)
      AS given(room text, floor smallint, "floorplanId" uuid, x double precision, y double precision)
  ON CONFLICT ON CONSTRAINT analytics_room_pins_room_uq DO UPDATE
    SET floorplan_id = EXCLUDED.floorplan_id, x = EXCLUDED.x, y = EXCLUDED.y
    WHERE (p.floorplan_id, p.x, p.y) IS DISTINCT FROM (EXCLUDED.floorplan_id, EXCLUDED.x, EXCLUDED.y)`;

/** The `analytics_room_pins` table: every query scoped to the provider and the property. */
@Injectable()
export class AnalyticsRoomPinsRepository {
  list(tx: Queryable, providerId: string, propertyId: string): Promise<RoomPinRow[]> {
    return queryRows(tx, listRoomPins, { providerId, propertyId });
  }

  /** The property's pins become `pins` (checked by the rules first): those left out go, the others are written. */
  async replace(tx: Queryable, providerId: string, propertyId: string, pins: RoomPin[]): Promise<void> {
    const given = JSON.stringify(pins);
    await queryAffected(tx, deleteRoomPinsNotIn, { providerId, propertyId, pins: given });
    if (pins.length > 0) await queryAffected(tx, upsertRoomPins, { providerId, propertyId, pins: given });
  }
}
