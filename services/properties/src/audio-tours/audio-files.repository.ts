import { Injectable } from '@nestjs/common';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type {
  IAudioFileCountQuery,
  IAudioFilePageQuery,
  IDeleteAudioFileQuery,
  IFindAudioFileQuery,
  IFindAudioFileResult,
  IInsertAudioFileQuery,
  ILockAudioFileQuery,
  IReleaseAudioFileQuery,
  IOwnedAudioFilesQuery,
  IRenameAudioFileQuery,
  IToursPlayingAudioFileQuery,
} from './audio-files.repository.types';

/** An audio file with the stored file it is. */
export type AudioFileRow = IFindAudioFileResult;

// The list composes its search at run time: its columns and tables are these queries, checked (queryRowsWith).
const audioFilePage = sql<IAudioFilePageQuery>`
  SELECT a.id, a.name, f.storage_key AS "storageKey", f.filename, f.content_type AS "contentType", f.size,
         a.created_at AS "createdAt", a.updated_at AS "updatedAt", count(*) OVER ()::int AS "total!"
    FROM audio_files a JOIN files f ON f.id = a.file_id`;

const audioFileCount = sql<IAudioFileCountQuery>`SELECT count(*)::int AS "total!" FROM audio_files a`;

const findAudioFile = sql<IFindAudioFileQuery>`
  SELECT a.id, a.name, f.storage_key AS "storageKey", f.filename, f.content_type AS "contentType", f.size,
         a.created_at AS "createdAt", a.updated_at AS "updatedAt"
    FROM audio_files a JOIN files f ON f.id = a.file_id
   WHERE a.provider_id = $providerId! AND a.id = $id!`;

const ownedAudioFiles = sql<IOwnedAudioFilesQuery>`
  SELECT id FROM audio_files WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[]) FOR KEY SHARE`;

const lockAudioFile = sql<ILockAudioFileQuery>`
  SELECT id FROM audio_files WHERE provider_id = $providerId! AND id = $id! FOR UPDATE`;

const releaseAudioFile = sql<IReleaseAudioFileQuery>`
  WITH music AS (
         UPDATE audio_tours SET background_music_id = NULL
          WHERE provider_id = $providerId! AND background_music_id = $id! RETURNING id),
       narrations AS (DELETE FROM audio_tour_narrations WHERE audio_file_id = $id! RETURNING room),
       sources AS (DELETE FROM audio_tour_sources WHERE audio_file_id = $id! RETURNING place)
  UPDATE guided_tour_stops SET audio_file_id = NULL WHERE provider_id = $providerId! AND audio_file_id = $id!`;

const insertAudioFile = sql<IInsertAudioFileQuery>`
  INSERT INTO audio_files (id, provider_id, file_id, name) VALUES ($id!, $providerId!, $fileId!, $name!)`;

const renameAudioFile = sql<IRenameAudioFileQuery>`
  UPDATE audio_files SET name = $name!, updated_at = now() WHERE provider_id = $providerId! AND id = $id!`;

const toursPlayingAudioFile = sql<IToursPlayingAudioFileQuery>`
  SELECT DISTINCT p.title FROM properties p
   WHERE p.provider_id = $providerId! AND p.deleted_at IS NULL AND (
         EXISTS (SELECT 1 FROM audio_tours t WHERE t.property_id = p.id AND t.background_music_id = $id!)
      OR EXISTS (SELECT 1 FROM audio_tours t JOIN audio_tour_narrations n ON n.audio_tour_id = t.id
                  WHERE t.property_id = p.id AND n.audio_file_id = $id!)
      OR EXISTS (SELECT 1 FROM audio_tours t JOIN audio_tour_sources s ON s.audio_tour_id = t.id
                  WHERE t.property_id = p.id AND s.audio_file_id = $id!)
      OR EXISTS (SELECT 1 FROM guided_tour_stops g WHERE g.property_id = p.id AND g.audio_file_id = $id!))
   ORDER BY p.title`;

const deleteAudioFile = sql<IDeleteAudioFileQuery>`
  DELETE FROM audio_files WHERE provider_id = $providerId! AND id = $id! RETURNING file_id AS "fileId"`;

/** The `audio_files` table: a provider's sounds (narration, music), each an uploaded file checked by its bytes. */
@Injectable()
export class AudioFilesRepository {
  constructor(private readonly db: Database) {}

  /** A page of the provider's audio files, oldest first (the order they were added in); `search` in their names. */
  async list(providerId: string, query: PageQuery & { search?: string }): Promise<Page<AudioFileRow>> {
    const params: unknown[] = [providerId];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `WHERE a.provider_id = $1 ${pattern ? 'AND lower(a.name) LIKE lower($2)' : ''}`;
    const found = await queryRowsWith(
      this.db.dataSource,
      audioFilePage,
      `${where} ORDER BY a.created_at, a.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, audioFileCount, where, params);
      return counted!.total;
    });
  }

  find(
    providerId: string,
    id: string,
    tx: Queryable = this.db.dataSource,
  ): Promise<AudioFileRow | undefined> {
    return queryOne(tx, findAudioFile, { providerId, id });
  }

  /** Which of `ids` are the provider's audio files (lowercase), kept from removal until `tx` ends. */
  async owned(tx: Queryable, providerId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await queryRows(tx, ownedAudioFiles, { providerId, ids });
    return new Set(found.map((row) => row.id.toLowerCase()));
  }

  async insert(
    tx: Queryable,
    file: { id: string; providerId: string; fileId: string; name: string },
  ): Promise<void> {
    await queryRows(tx, insertAudioFile, file);
  }

  /** Renames the provider's file: false when it has no such file. */
  async rename(providerId: string, id: string, name: string): Promise<boolean> {
    return (await queryAffected(this.db.dataSource, renameAudioFile, { providerId, id, name })) > 0;
  }

  /** Titles of the provider's live properties whose audio tour or guided tour plays the file. */
  async toursPlaying(tx: Queryable, providerId: string, id: string): Promise<string[]> {
    return (await queryRows(tx, toursPlayingAudioFile, { providerId, id })).map((row) => row.title);
  }

  /** Locks the provider's file until `tx` ends (tours taking it wait, then find it gone): false when none. */
  async lock(tx: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryOne(tx, lockAudioFile, { providerId, id })) !== undefined;
  }

  /** Takes the file out of what still names it: the tours of deleted properties, which nobody edits any more. */
  async release(tx: Queryable, providerId: string, id: string): Promise<void> {
    await queryAffected(tx, releaseAudioFile, { providerId, id });
  }

  /** Removes the provider's file; its stored file's id, or undefined when it has no such file. */
  delete(tx: Queryable, providerId: string, id: string): Promise<{ fileId: string } | undefined> {
    return queryOne(tx, deleteAudioFile, { providerId, id });
  }
}
