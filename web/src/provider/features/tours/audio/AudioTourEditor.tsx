import { useEffect, useState } from 'react';
import { formatFileSize, uploadFailureMessages } from '../../../../api/upload';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { useSpace, type SpaceSweep } from '../../../../tour/space';
import { OnboardingHint } from '../../onboarding/OnboardingHint';
import { FileButton } from '../../properties/components/FileButton';
import { SaveBar } from '../guided/SaveBar';
import '../guided/editors.css';
import { AUDIO_MAX_BYTES, AUDIO_TYPES, type AudioFile, type AudioTour, type AudioTourChange } from './api';
import {
  useAudioFilesQuery,
  useAudioTourQuery,
  useDeleteAudioFileMutation,
  useRenameAudioFileMutation,
  useSaveAudioTourMutation,
  useUploadAudioFileMutation,
} from './queries';
import { roomsOf, soundPlaceAt } from './sources';

export const NO_SPACE_HINT =
  'Rooms and sound positions come from the preview’s 3D view: once it has loaded, walk to a spot and place a sound there.';

type Draft = AudioTourChange & { keys: { narrations: string[]; sources: string[] } };

function draftOf(tour: AudioTour): Draft {
  return {
    backgroundMusicId: tour.backgroundMusic?.id ?? null,
    volume: tour.volume,
    roomNarrations: tour.roomNarrations.map((narration) => ({
      room: narration.room,
      audioFileId: narration.audioFile.id,
    })),
    spatialSources: tour.spatialSources.map((source) => ({
      position: source.position,
      audioFileId: source.audioFile.id,
      radius: source.radius,
      volume: source.volume,
    })),
    keys: {
      narrations: tour.roomNarrations.map(() => crypto.randomUUID()),
      sources: tour.spatialSources.map(() => crypto.randomUUID()),
    },
  };
}

/**
 * The property's audio tour (002 §7): the provider's audio files (uploaded here: MP3, M4A, OGG or WAV up to 20MB,
 * checked by their bytes; renamed, removed while no tour plays them), the background music and its volume, a narration
 * per room of the space, and sounds placed where the preview's camera stands, heard within their radius. Saved with
 * "Save the audio tour"; visitors hear it once the tour is shared (a premium tour).
 */
export function AudioTourEditor({ propertyId, propertySlug }: { propertyId: string; propertySlug: string }) {
  const space = useSpace();
  const tour = useAudioTourQuery(propertyId, propertySlug);
  const files = useAudioFilesQuery();
  const save = useSaveAudioTourMutation(propertyId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [changed, setChanged] = useState(false);
  const [sweeps, setSweeps] = useState<SpaceSweep[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (tour.data && !changed) setDraft(draftOf(tour.data));
  }, [tour.data, changed]);
  useEffect(() => {
    if (!space) return setSweeps([]);
    let gone = false;
    void space.sweeps().then((listed) => !gone && setSweeps(listed));
    return () => {
      gone = true;
    };
  }, [space]);

  if (tour.error && !draft) return <ErrorDisplay error={tour.error} />;
  if (!draft || !tour.data) return <Loading />;
  const tourId = tour.data.id;
  const audioFiles = files.data?.items ?? [];
  const rooms = roomsOf(sweeps);

  const edit = (change: Partial<Draft>) => {
    setDraft((current) => current && { ...current, ...change });
    setChanged(true);
    setNotice(null);
  };

  async function placeSound() {
    if (!space) return;
    const place = soundPlaceAt(await space.pose(), sweeps);
    if (!place)
      return setNotice('Stand at a position in the preview (not the dollhouse), then place the sound.');
    const first = audioFiles[0];
    if (!first) return setNotice('Upload an audio file first.');
    edit({
      spatialSources: [
        ...draft!.spatialSources,
        { position: place, audioFileId: first.id, radius: 4, volume: 80 },
      ],
      keys: { ...draft!.keys, sources: [...draft!.keys.sources, crypto.randomUUID()] },
    });
  }

  async function saveAll() {
    const { keys: _keys, ...change } = draft!;
    const outcome = await save.run(tourId, change);
    if (outcome.ok) {
      setDraft(draftOf(outcome.value));
      setChanged(false);
      setNotice('Audio tour saved.');
    }
  }

  const fileChoice = (id: string, value: string, onChange: (id: string) => void, label: string) => (
    <select
      id={id}
      aria-label={label}
      className="field-input"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {audioFiles.map((file) => (
        <option key={file.id} value={file.id}>
          {file.name}
        </option>
      ))}
    </select>
  );

  return (
    <div className="layers-editor audio-tour">
      <OnboardingHint flag="spatial_audio_start" title="Sound for your tour">
        <p>
          Upload audio files, then choose music for the whole tour, a narration for each room, and sounds
          placed in the space: walk the preview to a spot and place a sound there; visitors hear it louder as
          they come near. Visitors of a shared premium tour hear it after their first tap.
        </p>
      </OnboardingHint>
      <AudioFiles files={audioFiles} />

      <h3>Background music</h3>
      <label className="field-label" htmlFor="audio-music">
        Music
      </label>
      <select
        id="audio-music"
        className="field-input"
        value={draft.backgroundMusicId ?? ''}
        onChange={(event) => edit({ backgroundMusicId: event.target.value || null })}
      >
        <option value="">No music</option>
        {audioFiles.map((file) => (
          <option key={file.id} value={file.id}>
            {file.name}
          </option>
        ))}
      </select>
      <label className="field-label" htmlFor="audio-volume">
        Music volume ({draft.volume}%)
      </label>
      <input
        id="audio-volume"
        type="range"
        min={0}
        max={100}
        value={draft.volume}
        onChange={(event) => edit({ volume: Number(event.target.value) })}
      />

      <h3>Narration per room</h3>
      {draft.roomNarrations.map((narration, index) => (
        <div key={draft.keys.narrations[index]} className="audio-row">
          <input
            aria-label={`Room of narration ${index + 1}`}
            className="field-input"
            list="audio-rooms"
            value={narration.room}
            maxLength={120}
            onChange={(event) =>
              edit({
                roomNarrations: draft.roomNarrations.map((n, at) =>
                  at === index ? { ...n, room: event.target.value } : n,
                ),
              })
            }
          />
          {fileChoice(
            `audio-narration-${index}`,
            narration.audioFileId,
            (audioFileId) =>
              edit({
                roomNarrations: draft.roomNarrations.map((n, at) =>
                  at === index ? { ...n, audioFileId } : n,
                ),
              }),
            `Narration ${index + 1}`,
          )}
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              edit({
                roomNarrations: draft.roomNarrations.filter((_, at) => at !== index),
                keys: { ...draft.keys, narrations: draft.keys.narrations.filter((_, at) => at !== index) },
              })
            }
          >
            Remove narration {index + 1}
          </button>
        </div>
      ))}
      <datalist id="audio-rooms">
        {rooms.map((room) => (
          <option key={room} value={room} />
        ))}
      </datalist>
      <button
        type="button"
        className="button button-secondary"
        disabled={audioFiles.length === 0}
        onClick={() =>
          edit({
            roomNarrations: [
              ...draft.roomNarrations,
              {
                room: rooms.find((room) => !draft.roomNarrations.some((n) => n.room === room)) ?? '',
                audioFileId: audioFiles[0]!.id,
              },
            ],
            keys: { ...draft.keys, narrations: [...draft.keys.narrations, crypto.randomUUID()] },
          })
        }
      >
        Add a narration
      </button>

      <h3>Sounds in the space</h3>
      {draft.spatialSources.map((source, index) => (
        <div key={draft.keys.sources[index]} className="audio-row">
          {fileChoice(
            `audio-source-${index}`,
            source.audioFileId,
            (audioFileId) =>
              edit({
                spatialSources: draft.spatialSources.map((s, at) =>
                  at === index ? { ...s, audioFileId } : s,
                ),
              }),
            `Sound ${index + 1}`,
          )}
          <label>
            Heard within (m)
            <input
              type="number"
              className="field-input"
              min={0.5}
              max={100}
              step={0.5}
              value={source.radius}
              onChange={(event) =>
                edit({
                  spatialSources: draft.spatialSources.map((s, at) =>
                    at === index ? { ...s, radius: Number(event.target.value) } : s,
                  ),
                })
              }
            />
          </label>
          <label>
            Volume (%)
            <input
              type="number"
              className="field-input"
              min={0}
              max={100}
              value={source.volume}
              onChange={(event) =>
                edit({
                  spatialSources: draft.spatialSources.map((s, at) =>
                    at === index ? { ...s, volume: Number(event.target.value) } : s,
                  ),
                })
              }
            />
          </label>
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              edit({
                spatialSources: draft.spatialSources.filter((_, at) => at !== index),
                keys: { ...draft.keys, sources: draft.keys.sources.filter((_, at) => at !== index) },
              })
            }
          >
            Remove sound {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-secondary"
        disabled={!space}
        onClick={() => void placeSound()}
      >
        Place a sound here
      </button>
      {!space && <p className="muted">{NO_SPACE_HINT}</p>}

      <SaveBar
        label="Save the audio tour"
        changed={changed}
        pending={save.isPending}
        onSave={() => void saveAll()}
        notice={notice}
        error={save.error}
      />
    </div>
  );
}

/** The provider's audio files: upload one, rename one (on leaving its name), remove one no tour plays. */
function AudioFiles({ files }: { files: AudioFile[] }) {
  const upload = useUploadAudioFileMutation();
  const rename = useRenameAudioFileMutation();
  const remove = useDeleteAudioFileMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);

  async function send(file: File) {
    setRefusal(null);
    if (file.size > AUDIO_MAX_BYTES) return setRefusal([`${file.name} is over 20MB.`]);
    setProgress(0);
    const outcome = await upload.run(file, setProgress);
    setProgress(null);
    if (!outcome.ok) setRefusal(uploadFailureMessages(outcome.error));
  }

  return (
    <section aria-labelledby="audio-files-title">
      <h3 id="audio-files-title">Audio files</h3>
      {files.length === 0 ? (
        <p className="muted">No audio files yet.</p>
      ) : (
        <ul className="audio-files">
          {files.map((file) => (
            <li key={file.id} className="audio-row">
              <input
                aria-label={`Name of ${file.name}`}
                className="field-input"
                defaultValue={file.name}
                maxLength={120}
                onBlur={(event) => {
                  const name = event.target.value.trim();
                  if (name && name !== file.name) void rename.run(file.id, name);
                }}
              />
              <span className="muted">{formatFileSize(file.size)}</span>
              <audio controls preload="none" src={file.url} aria-label={`Listen to ${file.name}`} />
              <button
                type="button"
                className="button button-secondary"
                disabled={remove.isPending}
                onClick={() => void remove.run(file.id)}
              >
                Remove {file.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FileButton
        label="Upload an audio file"
        accept={AUDIO_TYPES}
        disabled={progress !== null}
        onFiles={([file]) => void send(file!)}
      />
      {progress !== null && <p role="status">Uploading… {progress}%</p>}
      {refusal && (
        <div className="upload-item-errors" role="alert">
          {refusal.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <ErrorDisplay error={rename.error ?? remove.error} />
    </section>
  );
}
