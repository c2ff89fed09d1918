import { useId, useRef } from 'react';
import { ApiError } from '../../../../api/errors';
import { Avatar } from '../../../../shared/Avatar';
import {
  PICTURE_TYPES,
  useOwnAvatarQuery,
  useRemoveAvatarMutation,
  useUploadAvatarMutation,
} from '../../../../shared/avatars';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { fieldMessage } from '../../../../shared/Field';
import type { Me } from '../api';

/**
 * The person's own picture (properties' /profile/avatar): the current one or the initials placeholder, "Upload a
 * picture" (an image, checked by the server: its refusal shows under the field) and "Remove". An administrator
 * acting as the person sees it and changes nothing (`readOnly`).
 */
export function ProfilePicture({ me, readOnly }: { me: Me; readOnly: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const own = useOwnAvatarQuery();
  const upload = useUploadAvatarMutation();
  const remove = useRemoveAvatarMutation();
  const busy = upload.isPending || remove.isPending;
  const url = own.data?.avatarUrl ?? null;
  const refusal = upload.error instanceof ApiError ? upload.error.fields.avatar : undefined;
  const message = fieldMessage('Picture', refusal);
  // Anything else that went wrong (the network, a 413) shows as the page's alert.
  const otherError = (refusal ? null : upload.error) ?? remove.error ?? own.error;

  return (
    <div className="profile-picture" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="field-label">
        Picture
      </p>
      <ErrorDisplay error={otherError} />
      <div className="profile-picture-row">
        <Avatar firstName={me.firstName} lastName={me.lastName} email={me.email} url={url} size="large" />
        {!readOnly && (
          <div className="actions">
            <label className={`button button-secondary${busy ? ' profile-picture-busy' : ''}`}>
              <input
                ref={input}
                type="file"
                className="visually-hidden"
                accept={PICTURE_TYPES}
                disabled={busy}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-message` : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // The same file chosen again is a new choice.
                  if (input.current) input.current.value = '';
                  if (!file) return;
                  remove.reset();
                  void upload.run(file);
                }}
              />
              {upload.isPending ? 'Uploading…' : 'Upload a picture'}
            </label>
            {url && (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => {
                  upload.reset();
                  void remove.run();
                }}
              >
                Remove
              </button>
            )}
          </div>
        )}
      </div>
      {message && (
        <p id={`${id}-message`} className="field-message">
          {message}
        </p>
      )}
    </div>
  );
}
