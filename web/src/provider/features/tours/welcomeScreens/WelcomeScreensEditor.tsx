import { useState } from 'react';
import { IMAGE_TYPES, uploadFailureMessages, VIDEO_TYPES } from '../../../../api/upload';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { SelectField } from '../../../../shared/SelectField';
import { TextAreaField } from '../../../../shared/TextAreaField';
import { TextField } from '../../../../shared/TextField';
import { FileButton } from '../../properties/components/FileButton';
import { uploadTemporary } from '../../properties/api';
import { messagesAt } from '../layers/layers';
import type { WelcomeScreen } from './api';
import { useSaveWelcomeScreensMutation, useWelcomeScreensQuery } from './queries';
import { blankScreen, editedScreen, formOf, MAX_WELCOME_SCREENS, moved, type EditedScreen } from './rules';

const MEDIA_TYPES = [
  ['no_media', 'No media'],
  ['photo', 'Photo'],
  ['video', 'Video'],
] as const;
const MEDIA_SIZES = [
  ['small', 'Small'],
  ['medium', 'Medium'],
  ['large', 'Large'],
  ['fullscreen', 'Full screen'],
] as const;

/**
 * The welcome screens (002 §3): a sequence of up to five screens visitors see one after another before the tour
 * starts (after the overlay's own welcome screen, when that is on), each with a title, a text, a button's label and
 * a photo, a video or no media in one of the spec's sizes. Added, reordered and removed here, saved whole with Save.
 */
export function WelcomeScreensEditor({ propertyId }: { propertyId: string }) {
  const query = useWelcomeScreensQuery(propertyId);
  if (query.error && !query.data) return <ErrorDisplay error={query.error} />;
  if (!query.data) return <Loading />;
  return <Editor propertyId={propertyId} saved={query.data} />;
}

type Upload = { key: string; percentage: number } | { key: string; errors: string[] };

function Editor({ propertyId, saved }: { propertyId: string; saved: WelcomeScreen[] }) {
  const save = useSaveWelcomeScreensMutation();
  const [screens, setScreens] = useState<EditedScreen[]>(() => saved.map(editedScreen));
  const [upload, setUpload] = useState<Upload | null>(null);
  const [done, setDone] = useState(false);
  const at = (index: number, field: string) => messagesAt(save.error, `welcomeScreens.${index}.${field}`);

  const change = (next: EditedScreen[]) => {
    setScreens(next);
    setDone(false);
  };
  const edit = (key: string, patch: (screen: EditedScreen) => EditedScreen) =>
    change(screens.map((screen) => (screen.key === key ? patch(screen) : screen)));

  async function chosen(screen: EditedScreen, [file]: File[]) {
    if (!file) return;
    const kind = screen.media.type === 'video' ? 'video' : 'image';
    setUpload({ key: screen.key, percentage: 0 });
    try {
      const uploaded = await uploadTemporary(file, kind, (percentage) =>
        setUpload({ key: screen.key, percentage }),
      );
      setUpload(null);
      edit(screen.key, (current) => ({
        ...current,
        media: { ...current.media, fileId: uploaded.id },
        mediaUrl: uploaded.file.url,
      }));
    } catch (error) {
      setUpload({ key: screen.key, errors: uploadFailureMessages(error) });
    }
  }

  async function submit() {
    const outcome = await save.run(propertyId, screens.map(formOf));
    if (outcome.ok) {
      setScreens(outcome.value.map(editedScreen));
      setDone(true);
    }
  }

  return (
    <div className="layers-editor welcome-screens-editor">
      {screens.length === 0 && <p className="muted">No welcome screens: the tour starts at once.</p>}
      <ol className="welcome-screens-editor-list">
        {screens.map((screen, index) => {
          const name = screen.title || `Screen ${index + 1}`;
          const uploading = upload?.key === screen.key && 'percentage' in upload ? upload : null;
          const failed = upload?.key === screen.key && 'errors' in upload ? upload : null;
          return (
            <li key={screen.key} aria-label={`Screen ${index + 1}`}>
              <TextField
                label="Title"
                value={screen.title}
                maxLength={80}
                onChange={(event) => edit(screen.key, (s) => ({ ...s, title: event.target.value }))}
                messages={at(index, 'title')}
              />
              <TextAreaField
                label="Text"
                value={screen.text}
                rows={3}
                maxLength={1000}
                onChange={(event) => edit(screen.key, (s) => ({ ...s, text: event.target.value }))}
                messages={at(index, 'text')}
              />
              <TextField
                label="Button label"
                hint="Empty: Next, or Start the tour on the last screen."
                value={screen.buttonLabel}
                maxLength={40}
                onChange={(event) => edit(screen.key, (s) => ({ ...s, buttonLabel: event.target.value }))}
                messages={at(index, 'buttonLabel')}
              />
              <SelectField
                label="Media"
                value={screen.media.type}
                onChange={(event) => {
                  const type = event.target.value as EditedScreen['media']['type'];
                  edit(screen.key, (s) => ({
                    ...s,
                    media: { ...s.media, type, fileId: null },
                    mediaUrl: null,
                  }));
                }}
                messages={at(index, 'media.type')}
              >
                {MEDIA_TYPES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Media size"
                value={screen.media.size}
                onChange={(event) => {
                  const size = event.target.value as EditedScreen['media']['size'];
                  edit(screen.key, (s) => ({ ...s, media: { ...s.media, size } }));
                }}
                messages={at(index, 'media.size')}
              >
                {MEDIA_SIZES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              {screen.media.type !== 'no_media' && (
                <div className="welcome-screens-editor-media">
                  {screen.mediaUrl && screen.media.type === 'photo' && (
                    <img src={screen.mediaUrl} alt={`${name}: its photo`} width={160} />
                  )}
                  {screen.mediaUrl && screen.media.type === 'video' && <p>A video is chosen.</p>}
                  <FileButton
                    label={`${screen.media.fileId ? 'Replace' : 'Upload'} the ${screen.media.type} of ${name}`}
                    accept={screen.media.type === 'video' ? VIDEO_TYPES : IMAGE_TYPES}
                    disabled={uploading !== null}
                    onFiles={(files) => void chosen(screen, files)}
                  />
                  {uploading && (
                    <progress
                      max={100}
                      value={uploading.percentage}
                      aria-label={`Uploading the media of ${name}`}
                    />
                  )}
                  {failed && (
                    <ul role="alert">
                      {failed.errors.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  )}
                  {at(index, 'media.fileId')?.map((message) => (
                    <p key={message} role="alert">
                      {message}
                    </p>
                  ))}
                </div>
              )}
              <div className="welcome-screens-editor-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={index === 0}
                  onClick={() => change(moved(screens, index, -1))}
                >
                  Move {name} up
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={index === screens.length - 1}
                  onClick={() => change(moved(screens, index, 1))}
                >
                  Move {name} down
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => change(screens.filter((other) => other.key !== screen.key))}
                >
                  Remove {name}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        disabled={screens.length >= MAX_WELCOME_SCREENS}
        onClick={() => change([...screens, blankScreen()])}
      >
        Add a screen
      </button>
      {screens.length >= MAX_WELCOME_SCREENS && (
        <p className="muted">A tour shows at most five welcome screens.</p>
      )}
      <div className="welcome-screens-editor-save">
        <button
          type="button"
          className="button"
          disabled={save.isPending || (upload !== null && 'percentage' in upload)}
          onClick={() => void submit()}
        >
          Save welcome screens
        </button>
        <span role="status">{done ? 'Saved.' : ''}</span>
      </div>
      <ErrorDisplay error={save.error} />
    </div>
  );
}
