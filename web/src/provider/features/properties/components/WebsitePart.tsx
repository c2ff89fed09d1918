import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { Website } from '../api';

export const NOTHING_CHANGED = 'Nothing has changed since the last save.';

/**
 * A part's save, sending only what changed (`changedKeys`): with nothing changed it says so instead of sending
 * (resolving with undefined: nothing sent, for `useForm`).
 */
export function sendChanges<Changes extends object, Result>(
  changes: Changes,
  say: (notice: string) => void,
  send: (changes: Changes) => Promise<Result>,
): Promise<Result | undefined> {
  if (Object.keys(changes).length > 0) return send(changes);
  say(NOTHING_CHANGED);
  return Promise.resolve(undefined);
}

/** What each part gets: the website as last saved (a save puts its answer in the cache: `queries.ts`). */
export interface WebsiteFormProps {
  website: Website;
}

interface WebsitePartProps {
  title: string;
  /** What the part is about, under its title. */
  hint?: ReactNode;
  /** What no field of the part shows: the alert above them. */
  alert: unknown;
  alertRef?: RefObject<HTMLDivElement | null>;
  /** What the last save did, read out. */
  notice: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  submit: { label: string; disabled?: boolean };
  /** Buttons beside the save button. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * One part of the website section, saved on its own (settings, features, photos, floorplan): a form named by its
 * title, the alert, its fields, the save button and what the save did.
 */
export function WebsitePart({
  title,
  hint,
  alert,
  alertRef,
  notice,
  onSubmit,
  submit,
  actions,
  children,
}: WebsitePartProps) {
  const headingId = useId();
  return (
    <form className="website-part" aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
      <h3 id={headingId}>{title}</h3>
      {hint && <p className="field-hint website-part-hint">{hint}</p>}
      <div ref={alertRef} tabIndex={-1}>
        <ErrorDisplay error={alert} />
      </div>
      {children}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={submit.disabled}>
          {submit.label}
        </button>
        {actions}
      </div>
      <p role="status" className="muted">
        {notice}
      </p>
    </form>
  );
}
