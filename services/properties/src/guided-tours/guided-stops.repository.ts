import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IInsertStopsQuery,
  IRemoveStopsQuery,
  IStopsQuery,
  IStopsResult,
} from './guided-stops.repository.types';

/** A stop with its narration's file (none: the LEFT JOINs' columns carry `?`). */
export type StopRow = IStopsResult;

const stops = sql<IStopsQuery>`
  SELECT g.id, g.sweep_id AS "sweepId", g.rotation_x AS "rotationX", g.rotation_y AS "rotationY", g.title,
         g.body AS "text", g.audio_file_id AS "audioFileId", a.name AS "audioName?",
         f.storage_key AS "audioKey?", f.filename AS "audioFilename?", f.content_type AS "audioContentType"
    FROM guided_tour_stops g
    LEFT JOIN audio_files a ON a.id = g.audio_file_id LEFT JOIN files f ON f.id = a.file_id
   WHERE g.property_id = $propertyId! ORDER BY g.place`;

const removeStops = sql<IRemoveStopsQuery>`DELETE FROM guided_tour_stops WHERE property_id = $propertyId!`;

const insertStops = sql<IInsertStopsQuery>`
  INSERT INTO guided_tour_stops
         (id, provider_id, property_id, place, sweep_id, rotation_x, rotation_y, title, body, audio_file_id)
  SELECT id, $providerId!, $propertyId!, n::int, sweep_id, rotation_x, rotation_y, title, body,
         nullif(audio_file, '')::uuid
    FROM unnest($ids!::uuid[], $sweepIds!::text[], $rotationXs!::float8[], $rotationYs!::float8[],
                $titles!::text[], $texts!::text[], $audioFileIds!::text[])
         WITH ORDINALITY AS given(id, sweep_id, rotation_x, rotation_y, title, body, audio_file, n)`;

export interface StopInput {
  id: string;
  sweepId: string;
  rotation: { x: number; y: number };
  title: string;
  text: string;
  audioFileId: string | null;
}

/** The `guided_tour_stops` table: a property's guided tour, stop by stop in order (`place`). */
@Injectable()
export class GuidedStopsRepository {
  constructor(private readonly db: Database) {}

  list(propertyId: string): Promise<StopRow[]> {
    return queryRows(this.db.dataSource, stops, { propertyId });
  }

  /** The property's stops become `given`, in that order. */
  async replace(tx: Queryable, providerId: string, propertyId: string, given: StopInput[]): Promise<void> {
    await queryAffected(tx, removeStops, { propertyId });
    await queryAffected(tx, insertStops, {
      providerId,
      propertyId,
      ids: given.map((stop) => stop.id),
      sweepIds: given.map((stop) => stop.sweepId),
      rotationXs: given.map((stop) => stop.rotation.x),
      rotationYs: given.map((stop) => stop.rotation.y),
      titles: given.map((stop) => stop.title),
      texts: given.map((stop) => stop.text),
      // An array parameter holds no nulls: no narration travels as ''.
      audioFileIds: given.map((stop) => stop.audioFileId ?? ''),
    });
  }
}
