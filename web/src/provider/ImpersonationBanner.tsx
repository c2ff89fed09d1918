import { stopImpersonating } from '../auth/api';
import { useSessionChange } from '../auth/useSessionChange';
import { ErrorDisplay } from '../shared/ErrorDisplay';

/** Shown above every provider page while a platform admin acts as the provider's user. */
export function ImpersonationBanner() {
  const { run: stop, isPending, error } = useSessionChange(stopImpersonating);
  return (
    <section className="impersonation-banner" aria-label="Impersonation">
      <div className="impersonation-banner-inner">
        <p className="impersonation-banner-text">You are viewing this account as an administrator.</p>
        <button type="button" className="button button-secondary" disabled={isPending} onClick={() => stop()}>
          Stop impersonating
        </button>
        <ErrorDisplay error={error} />
      </div>
    </section>
  );
}
