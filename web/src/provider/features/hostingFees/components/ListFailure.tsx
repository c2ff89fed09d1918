import { ErrorDisplay } from '../../../../shared/ErrorDisplay';

/** A list that could not be read: the reason, and "Try again". */
export function ListFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="list-failure">
      <ErrorDisplay error={error} />
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
