import { playsSomething } from '@tourly/contracts';
import { Injectable } from '@nestjs/common';
import { ApiError, Database, uuidv7, type Page, type Queryable } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { UploadsService } from '../uploads/uploads.service';
import { UploadsSweeper } from '../uploads/uploads.sweeper';
import type { AudioFileForm, AudioFilesQuery, AudioTourForm } from './audio-tours.dto';
import { AudioFilesRepository, type AudioFileRow } from './audio-files.repository';
import { AudioToursRepository, type AudioTourRow } from './audio-tours.repository';
import {
  AUDIO_LIMITS,
  AUDIO_MESSAGES,
  defaultAudioName,
  roomNarrationRefusals,
  unknownAudioRefusals,
} from './audio-tours.rules';

const UPLOAD_FIELD = 'audioFile.uploadId';

export interface AudioFile {
  id: string;
  name: string;
  url: string;
  contentType: string;
  size: number;
  createdAt: string;
  updatedAt: string;
}

/** An audio file as a tour plays it. */
export interface AudioRef {
  id: string;
  name: string;
  url: string;
}

export interface AudioTour {
  id: string;
  propertyId: string;
  backgroundMusic: AudioRef | null;
  volume: number;
  roomNarrations: Array<{ room: string; audioFile: AudioRef }>;
  spatialSources: Array<{
    position: { x: number; y: number; z: number };
    audioFile: AudioRef;
    radius: number;
    volume: number;
  }>;
  updatedAt: string;
}

/** A stored audio file's columns, as the rows that name one carry them. */
interface StoredAudio {
  audioFileId: string;
  name: string;
  storageKey: string;
  filename: string;
  contentType: string | null;
}

/**
 * Issue 34's audio tours (002 §7 "Provider: audio tours"): the provider's audio files (temporary uploads whose bytes
 * say they are MP3, M4A, OGG or WAV, of at most 20MB) and each property's audio tour (background music and its
 * volume, narration per room, sound sources placed in the space). Saved at once, no draft: visitors hear them while
 * the tour is shared (and premium).
 */
@Injectable()
export class AudioToursService {
  constructor(
    private readonly db: Database,
    private readonly files: AudioFilesRepository,
    private readonly tours: AudioToursRepository,
    private readonly uploads: UploadsService,
    private readonly sweeper: UploadsSweeper,
    private readonly storage: Storage,
  ) {}

  async listFiles(providerId: string, query: AudioFilesQuery): Promise<Page<AudioFile>> {
    const page = await this.files.list(providerId, query);
    return { ...page, items: await Promise.all(page.items.map((row) => this.fileView(row))) };
  }

  /** A temporary upload taken as an audio file: by its bytes, within the size limit, used once. */
  async addFile(providerId: string, form: AudioFileForm): Promise<AudioFile> {
    await this.uploads.checkDirect(providerId, [form.uploadId], ['audio'], UPLOAD_FIELD);
    const id = uuidv7();
    await this.db.transaction(async (tx) => {
      const [file] = await this.uploads.attach(tx, providerId, [form.uploadId], ['audio'], UPLOAD_FIELD);
      if ((file!.size ?? 0) > AUDIO_LIMITS.fileBytes)
        throw ApiError.invalid(UPLOAD_FIELD, AUDIO_MESSAGES.tooLarge);
      await this.files.insert(tx, {
        id,
        providerId,
        fileId: file!.id,
        name: form.name || defaultAudioName(file!.filename),
      });
    });
    return this.file(providerId, id);
  }

  async renameFile(providerId: string, id: string, name: string): Promise<AudioFile> {
    if (!(await this.files.rename(providerId, id, name)))
      throw ApiError.notFound(AUDIO_MESSAGES.fileNotFound);
    return this.file(providerId, id);
  }

  /**
   * Removes an audio file no tour plays (409 naming the tours that do: a visitor would lose the sound unseen); its
   * stored file leaves with the sweep.
   */
  async removeFile(providerId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await this.files.lock(tx, providerId, id))) throw ApiError.notFound(AUDIO_MESSAGES.fileNotFound);
      const playedBy = await this.files.toursPlaying(tx, providerId, id);
      if (playedBy.length > 0) throw ApiError.conflict(AUDIO_MESSAGES.inUse(playedBy));
      await this.files.release(tx, providerId, id);
      const removed = await this.files.delete(tx, providerId, id);
      await this.uploads.discard([removed!.fileId], tx);
    });
    void this.sweeper.sweepNow();
  }

  /** POST default.json: the property's audio tour (found by its slug), made (silent) if it has none. */
  async defaultTour(providerId: string, propertySlug: string): Promise<AudioTour> {
    const propertyId = await this.tours.propertyBySlug(providerId, propertySlug);
    if (!propertyId) throw ApiError.invalid('propertySlug', 'is not one of your properties');
    await this.tours.ensure({ id: uuidv7(), providerId, propertyId });
    return this.tourView((await this.tours.find(providerId, { propertyId }))!);
  }

  /** PUT {id}.json: the keys given replace theirs (the narrations and the sources as whole lists). */
  async updateTour(providerId: string, id: string, form: AudioTourForm): Promise<AudioTour> {
    ApiError.refuseAny(roomNarrationRefusals((form.roomNarrations ?? []).map((narration) => narration.room)));
    await this.db.transaction(async (tx) => {
      if (!(await this.tours.lock(tx, providerId, id))) throw ApiError.notFound(AUDIO_MESSAGES.tourNotFound);
      await this.mustOwn(tx, providerId, form);
      await this.tours.update(tx, id, { backgroundMusicId: form.backgroundMusicId, volume: form.volume });
      if (form.roomNarrations) await this.tours.replaceNarrations(tx, id, form.roomNarrations);
      if (form.spatialSources) await this.tours.replaceSources(tx, id, form.spatialSources);
    });
    return this.tourView((await this.tours.find(providerId, { id }))!);
  }

  /** What a visitor of a shared tour hears: the property's audio tour, for a premium tour only; else null. */
  async forVisitors(providerId: string, propertyId: string): Promise<AudioTour | null> {
    if (!(await this.tours.premium(propertyId))) return null;
    const row = await this.tours.find(providerId, { propertyId });
    if (!row) return null;
    const tour = await this.tourView(row);
    // A tour that plays nothing (made empty by the editor's first visit) is none: no sound button for silence.
    return playsSomething(tour) ? tour : null;
  }

  /** Every audio file the form names must be the provider's (locked from removal until the change is saved). */
  private async mustOwn(tx: Queryable, providerId: string, form: AudioTourForm): Promise<void> {
    const named = [
      { field: 'audioTour.backgroundMusicId', id: form.backgroundMusicId },
      ...(form.roomNarrations ?? []).map((narration, index) => ({
        field: `audioTour.roomNarrations.${index}.audioFileId`,
        id: narration.audioFileId,
      })),
      ...(form.spatialSources ?? []).map((source, index) => ({
        field: `audioTour.spatialSources.${index}.audioFileId`,
        id: source.audioFileId,
      })),
    ];
    const ids = [...new Set(named.flatMap(({ id }) => (id ? [id.toLowerCase()] : [])))];
    ApiError.refuseAny(unknownAudioRefusals(named, await this.files.owned(tx, providerId, ids)));
  }

  /** The provider's audio file, or 404 `Audio file not found`. */
  private async file(providerId: string, id: string): Promise<AudioFile> {
    const row = await this.files.find(providerId, id);
    if (!row) throw ApiError.notFound(AUDIO_MESSAGES.fileNotFound);
    return this.fileView(row);
  }

  private async fileView(row: AudioFileRow): Promise<AudioFile> {
    return {
      id: row.id,
      name: row.name,
      url: await this.storage.readUrl(row.storageKey, row.filename, row.contentType ?? undefined),
      contentType: row.contentType ?? 'application/octet-stream',
      size: Number(row.size ?? 0),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** How a tour names an audio file: its id, its name and a presigned link to its bytes. */
  audioRef(stored: StoredAudio): Promise<AudioRef> {
    return this.storage
      .readUrl(stored.storageKey, stored.filename, stored.contentType ?? undefined)
      .then((url) => ({ id: stored.audioFileId, name: stored.name, url }));
  }

  private async tourView(row: AudioTourRow): Promise<AudioTour> {
    const [narrations, sources] = await Promise.all([
      this.tours.narrations(row.id),
      this.tours.sources(row.id),
    ]);
    const music =
      row.backgroundMusicId && row.musicKey && row.musicName && row.musicFilename
        ? await this.audioRef({
            audioFileId: row.backgroundMusicId,
            name: row.musicName,
            storageKey: row.musicKey,
            filename: row.musicFilename,
            contentType: row.musicContentType,
          })
        : null;
    return {
      id: row.id,
      propertyId: row.propertyId,
      backgroundMusic: music,
      volume: row.volume,
      roomNarrations: await Promise.all(
        narrations.map(async (narration) => ({
          room: narration.room,
          audioFile: await this.audioRef(narration),
        })),
      ),
      spatialSources: await Promise.all(
        sources.map(async (source) => ({
          position: { x: source.x, y: source.y, z: source.z },
          audioFile: await this.audioRef(source),
          radius: source.radius,
          volume: source.volume,
        })),
      ),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
