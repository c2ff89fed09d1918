import { ErrorDisplay } from '../../../../shared/ErrorDisplay';

interface SaveBarProps {
  label: string;
  changed: boolean;
  pending: boolean;
  onSave(): void;
  /** What the last action said (saved, or why nothing was added). */
  notice: string | null;
  error: unknown;
}

/** The save button of an editor saved whole (the stops, the audio tour), what it last said and its refusal. */
export function SaveBar({ label, changed, pending, onSave, notice, error }: SaveBarProps) {
  return (
    <>
      <div>
        <button
          type="button"
          className="button button-primary"
          disabled={!changed || pending}
          onClick={onSave}
        >
          {pending ? 'Saving…' : label}
        </button>
      </div>
      {notice && (
        <p className="muted" role="status">
          {notice}
        </p>
      )}
      <ErrorDisplay error={error} />
    </>
  );
}
