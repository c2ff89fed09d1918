import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IEnsureAudioTourQuery,
  IFindAudioTourQuery,
  IFindAudioTourResult,
  IInsertNarrationsQuery,
  IInsertSourcesQuery,
  ILockAudioTourQuery,
  INarrationsQuery,
  INarrationsResult,
  IPremiumPropertyQuery,
  IPropertyBySlugQuery,
  IRemoveNarrationsQuery,
  IRemoveSourcesQuery,
  ISourcesQuery,
  ISourcesResult,
  IUpdateAudioTourQuery,
} from './audio-tours.repository.types';

/** An audio tour with its background music's file (none: no music: the LEFT JOIN's columns carry `?`). */
export type AudioTourRow = IFindAudioTourResult;
export type NarrationRow = INarrationsResult;
export type SourceRow = ISourcesResult;

const propertyBySlug = sql<IPropertyBySlugQuery>`
  SELECT id FROM properties WHERE provider_id = $providerId! AND slug = $slug! AND deleted_at IS NULL`;

const premiumProperty = sql<IPremiumPropertyQuery>`
  SELECT premium FROM properties WHERE id = $propertyId! AND deleted_at IS NULL`;

const ensureAudioTour = sql<IEnsureAudioTourQuery>`
  INSERT INTO audio_tours (id, provider_id, property_id) VALUES ($id!, $providerId!, $propertyId!)
  ON CONFLICT (property_id) DO NOTHING`;

const findAudioTour = sql<IFindAudioTourQuery>`
  SELECT t.id, t.property_id AS "propertyId", t.background_music_id AS "backgroundMusicId", t.volume,
         t.updated_at AS "updatedAt", m.name AS "musicName?", f.storage_key AS "musicKey?",
         f.filename AS "musicFilename?", f.content_type AS "musicContentType"
    FROM audio_tours t JOIN properties p ON p.id = t.property_id AND p.deleted_at IS NULL
    LEFT JOIN audio_files m ON m.id = t.background_music_id LEFT JOIN files f ON f.id = m.file_id
   WHERE t.provider_id = $providerId! AND (t.id = $id OR t.property_id = $propertyId)`;

const lockAudioTour = sql<ILockAudioTourQuery>`
  SELECT t.id FROM audio_tours t JOIN properties p ON p.id = t.property_id AND p.deleted_at IS NULL
   WHERE t.provider_id = $providerId! AND t.id = $id! FOR UPDATE OF t`;

const updateAudioTour = sql<IUpdateAudioTourQuery>`
  UPDATE audio_tours
     SET background_music_id = CASE WHEN $musicChanged! THEN $backgroundMusicId::uuid ELSE background_music_id END,
         volume = coalesce($volume::int, volume), updated_at = now()
   WHERE id = $id!`;

const narrations = sql<INarrationsQuery>`
  SELECT n.room, a.id AS "audioFileId", a.name, f.storage_key AS "storageKey", f.filename,
         f.content_type AS "contentType"
    FROM audio_tour_narrations n JOIN audio_files a ON a.id = n.audio_file_id JOIN files f ON f.id = a.file_id
   WHERE n.audio_tour_id = $tourId! ORDER BY lower(n.room), n.room`;

const removeNarrations = sql<IRemoveNarrationsQuery>`DELETE FROM audio_tour_narrations WHERE audio_tour_id = $tourId!`;

const insertNarrations = sql<IInsertNarrationsQuery>`
  INSERT INTO audio_tour_narrations (audio_tour_id, room, audio_file_id)
  SELECT $tourId!, room, audio_file_id FROM unnest($rooms!::text[], $fileIds!::uuid[]) AS given(room, audio_file_id)`;

const sources = sql<ISourcesQuery>`
  SELECT s.x, s.y, s.z, s.radius, s.volume, a.id AS "audioFileId", a.name, f.storage_key AS "storageKey",
         f.filename, f.content_type AS "contentType"
    FROM audio_tour_sources s JOIN audio_files a ON a.id = s.audio_file_id JOIN files f ON f.id = a.file_id
   WHERE s.audio_tour_id = $tourId! ORDER BY s.place`;

const removeSources = sql<IRemoveSourcesQuery>`DELETE FROM audio_tour_sources WHERE audio_tour_id = $tourId!`;

const insertSources = sql<IInsertSourcesQuery>`
  INSERT INTO audio_tour_sources (audio_tour_id, place, x, y, z, audio_file_id, radius, volume)
  SELECT $tourId!, n::int, x, y, z, audio_file_id, radius, volume
    FROM unnest($xs!::float8[], $ys!::float8[], $zs!::float8[], $fileIds!::uuid[], $radii!::float8[], $volumes!::int[])
         WITH ORDINALITY AS given(x, y, z, audio_file_id, radius, volume, n)`;

export interface SourceInput {
  position: { x: number; y: number; z: number };
  audioFileId: string;
  radius: number;
  volume: number;
}

/**
 * The `audio_tours` table and its rows (`audio_tour_narrations`, one per room; `audio_tour_sources`, in order): one
 * audio tour per property, of live properties only.
 */
@Injectable()
export class AudioToursRepository {
  constructor(private readonly db: Database) {}

  async propertyBySlug(providerId: string, slug: string): Promise<string | undefined> {
    return (await queryOne(this.db.dataSource, propertyBySlug, { providerId, slug }))?.id;
  }

  /** Whether the property's tour is premium (what the layers come with); false for a deleted one. */
  async premium(propertyId: string): Promise<boolean> {
    return (await queryOne(this.db.dataSource, premiumProperty, { propertyId }))?.premium === true;
  }

  async ensure(tour: { id: string; providerId: string; propertyId: string }): Promise<void> {
    await queryRows(this.db.dataSource, ensureAudioTour, tour);
  }

  find(
    providerId: string,
    by: { id: string } | { propertyId: string },
    tx: Queryable = this.db.dataSource,
  ): Promise<AudioTourRow | undefined> {
    return queryOne(tx, findAudioTour, {
      providerId,
      id: 'id' in by ? by.id : null,
      propertyId: 'propertyId' in by ? by.propertyId : null,
    });
  }

  /** Locks the provider's audio tour until `tx` ends: false when it has none of that id. */
  async lock(tx: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryOne(tx, lockAudioTour, { providerId, id })) !== undefined;
  }

  async update(
    tx: Queryable,
    id: string,
    changes: { backgroundMusicId?: string | null; volume?: number },
  ): Promise<void> {
    await queryAffected(tx, updateAudioTour, {
      id,
      musicChanged: changes.backgroundMusicId !== undefined,
      backgroundMusicId: changes.backgroundMusicId ?? null,
      volume: changes.volume ?? null,
    });
  }

  narrations(tourId: string): Promise<NarrationRow[]> {
    return queryRows(this.db.dataSource, narrations, { tourId });
  }

  sources(tourId: string): Promise<SourceRow[]> {
    return queryRows(this.db.dataSource, sources, { tourId });
  }

  async replaceNarrations(
    tx: Queryable,
    tourId: string,
    given: Array<{ room: string; audioFileId: string }>,
  ): Promise<void> {
    await queryAffected(tx, removeNarrations, { tourId });
    await queryAffected(tx, insertNarrations, {
      tourId,
      rooms: given.map((narration) => narration.room),
      fileIds: given.map((narration) => narration.audioFileId),
    });
  }

  async replaceSources(tx: Queryable, tourId: string, given: SourceInput[]): Promise<void> {
    await queryAffected(tx, removeSources, { tourId });
    await queryAffected(tx, insertSources, {
      tourId,
      xs: given.map((source) => source.position.x),
      ys: given.map((source) => source.position.y),
      zs: given.map((source) => source.position.z),
      fileIds: given.map((source) => source.audioFileId),
      radii: given.map((source) => source.radius),
      volumes: given.map((source) => source.volume),
    });
  }
}
