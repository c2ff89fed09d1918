import { useState } from 'react';
import { useForm } from '../../../../shared/forms/useForm';
import { mediaLabel, type Media } from '../api';
import { useUpdateWebsitePhotosMutation } from '../queries';
import { moved, orderPhotos } from '../website';
import { NOTHING_CHANGED, WebsitePart, type WebsiteFormProps } from './WebsitePart';

interface WebsitePhotosProps extends WebsiteFormProps {
  /** The property's photos, as the Photos section has them; undefined while they load. */
  photos: Media[] | undefined;
}

/**
 * Which of the property's photos the website shows, and in what order: a box to tick on each, and "Move up" /
 * "Move down" on those shown. Until a selection is saved the website shows all of them in their own order
 * (null); "Show all photos" goes back to that (PATCH website/photos).
 */
export function WebsitePhotos({ website, photos }: WebsitePhotosProps) {
  const save = useUpdateWebsitePhotosMutation();
  const [notice, setNotice] = useState('');
  const all = photos ?? [];
  const form = useForm({
    // selection null: all of them, in their own order; `all`: "Show all photos" sends that whatever was saved.
    initial: { selection: website.photos, all: false },
    fields: {},
    submit: async (values) => {
      setNotice('');
      const next =
        values.selection === null ? null : orderPhotos(all, values.selection).shown.map(({ id }) => id);
      if (!values.all && JSON.stringify(values.selection) === JSON.stringify(website.photos)) {
        setNotice(NOTHING_CHANGED);
        return undefined;
      }
      return save.run(website.propertyId, next);
    },
    onSuccess: (saved) => {
      form.setValues({ selection: saved.photos, all: false });
      setNotice(
        saved.photos === null
          ? 'The website shows all the photos, in their own order.'
          : `The website shows ${countPhotos(saved.photos.length)}, in the order saved.`,
      );
    },
  });
  const { selection } = form.values;
  const setSelection = (next: string[] | null) => form.set('selection', next);
  const { shown, left } = orderPhotos(all, selection);
  const shownIds = shown.map((photo) => photo.id);

  const busy = form.isPending;
  const tile = (photo: Media, index: number | null) => {
    const label = mediaLabel(photo);
    const isShown = index !== null;
    return (
      <li key={photo.id} className={`photo-tile website-photo${isShown ? '' : ' website-photo-left-out'}`}>
        <div className="website-photo-picture">
          <img src={photo.thumbnailUrl ?? photo.url ?? undefined} alt="" loading="lazy" decoding="async" />
          {isShown && (
            <span className="website-photo-position" aria-hidden="true">
              {index + 1}
            </span>
          )}
        </div>
        <label className="check">
          <input
            type="checkbox"
            aria-label={`Show ${label}`}
            checked={isShown}
            disabled={busy}
            onChange={(event) =>
              setSelection(
                event.target.checked ? [...shownIds, photo.id] : shownIds.filter((id) => id !== photo.id),
              )
            }
          />
          Show
        </label>
        {isShown && (
          <div className="website-photo-moves">
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Move ${label} up`}
              disabled={busy || index === 0}
              onClick={() => setSelection(moved(shownIds, index, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Move ${label} down`}
              disabled={busy || index === shown.length - 1}
              onClick={() => setSelection(moved(shownIds, index, 1))}
            >
              ↓
            </button>
          </div>
        )}
      </li>
    );
  };

  return (
    <WebsitePart
      title="Photos on the website"
      hint={
        selection === null
          ? 'All the property’s photos, in their own order. Untick those the website should leave out, or move them.'
          : `${countPhotos(shown.length)} of ${all.length}, in this order.`
      }
      alert={form.errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: busy ? 'Saving…' : 'Save photos', disabled: busy || !photos }}
      actions={
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || (selection === null && website.photos === null)}
          onClick={() => void form.submit({ selection: null, all: true })}
        >
          Show all photos
        </button>
      }
    >
      {!photos ? (
        <p className="muted">Loading photos…</p>
      ) : all.length === 0 ? (
        <p className="muted">No photos yet: those added under Photos show here.</p>
      ) : (
        <ol className="photo-grid" aria-label="Website photos">
          {shown.map((photo, index) => tile(photo, index))}
          {left.map((photo) => tile(photo, null))}
        </ol>
      )}
    </WebsitePart>
  );
}

const countPhotos = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`;
