import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/types';
import { uploadWithProgress, type UploadProgress } from '../../../../api/upload';

export type AudioFile = Answer<'/provider/virtual_tours/audio_tours/audio_files.json', 'post'>;
export type AudioTour = Answer<'/provider/virtual_tours/audio_tours/default.json', 'post'>;

/** What the editor sends: every part of the audio tour, the files by id. */
export interface AudioTourChange {
  backgroundMusicId: string | null;
  volume: number;
  roomNarrations: Array<{ room: string; audioFileId: string }>;
  spatialSources: Array<{
    position: { x: number; y: number; z: number };
    audioFileId: string;
    radius: number;
    volume: number;
  }>;
}

/** What the file chooser offers (the server checks the bytes) and the largest file it takes. */
export const AUDIO_TYPES =
  'audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/wav,audio/x-wav,.mp3,.m4a,.ogg,.wav';
export const AUDIO_MAX_BYTES = 20 * 1024 * 1024;

/** The provider's audio files, oldest first (a provider keeps a few dozen: one page of 100). */
export const fetchAudioFiles = (signal?: AbortSignal) =>
  api.page('/provider/virtual_tours/audio_tours/audio_files.json', { page: 1, pageSize: 100 }, { signal });

/** A sound sent as a temporary upload (its progress told), then kept as an audio file. */
export async function uploadAudioFile(
  file: File,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<AudioFile> {
  const body = new FormData();
  body.append('temporary_upload[file]', file);
  const upload = await uploadWithProgress<{ id: string }>(
    '/provider/temporary_uploads.json?accept=audio',
    body,
    onProgress,
    signal,
  );
  return api.post('/provider/virtual_tours/audio_tours/audio_files.json', {
    audioFile: { uploadId: upload.id },
  });
}

export const renameAudioFile = (id: string, name: string) =>
  api.put(
    '/provider/virtual_tours/audio_tours/audio_files/{id}.json',
    { audioFile: { name } },
    { params: { id } },
  );

export const deleteAudioFile = (id: string) =>
  api.delete('/provider/virtual_tours/audio_tours/audio_files/{id}.json', { params: { id } });

/** The property's audio tour, made (silent) the first time. */
export const fetchAudioTour = (propertySlug: string) =>
  api.post('/provider/virtual_tours/audio_tours/default.json', { propertySlug });

export const saveAudioTour = (id: string, change: AudioTourChange) =>
  api.put('/provider/virtual_tours/audio_tours/{id}.json', { audioTour: change }, { params: { id } });
