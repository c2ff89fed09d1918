import { stopImpersonating } from '../auth/api';
import { useSessionChange } from '../auth/useSessionChange';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { useSettingsQuery } from './features/settings/queries';

/**
 * Shown above every provider page while a platform admin acts as the provider's user, naming the provider (its
 * settings, which the admin reads as that user; "this account" until they answer, or if they cannot).
 */
export function ImpersonationBanner() {
  const { run: stop, isPending, error } = useSessionChange(stopImpersonating);
  const provider = useSettingsQuery();
  const name = provider.data?.name;
  return (
    <section className="impersonation-banner" aria-label="Impersonation">
      <div className="impersonation-banner-inner">
        <p className="impersonation-banner-text">
          You are viewing {name ? <strong>{name}</strong> : 'this account'} as an administrator.
        </p>
        <button type="button" className="button button-secondary" disabled={isPending} onClick={() => stop()}>
          Stop impersonating
        </button>
        <ErrorDisplay error={error} />
      </div>
    </section>
  );
}
