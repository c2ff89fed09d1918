import { Link } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useConnectMatterport } from '../hooks';
import { BROKEN_FALLBACK } from '../matterport';
import { SETTINGS_PATH } from '../paths';
import {
  useAccountPermissionsQuery,
  useDismissMatterportSwitchPromptMutation,
  useMatterportConnectionQuery,
  useMatterportSwitchPromptQuery,
} from '../queries';

interface MatterportNoticesProps {
  pathname: string;
  /** An administrator acting as the provider is never asked to connect (the server would refuse it). */
  impersonating: boolean;
}

/**
 * Under the header of every provider page: a connection to Matterport that stopped working (everyone, with the way
 * to Settings), or, for admins, the prompt to connect their own Matterport account (GET
 * /provider/matterport_auth/show_oauth_switch_prompt) with "Connect Matterport" and "Not now". Not on the settings
 * page, whose Matterport section says the same with its own buttons. Quiet while loading or when the reads fail.
 */
export function MatterportNotices({ pathname, impersonating }: MatterportNoticesProps) {
  const connection = useMatterportConnectionQuery();
  const permissions = useAccountPermissionsQuery();
  const isAdmin = permissions.data?.role === 'admin';
  const prompt = useMatterportSwitchPromptQuery(isAdmin && !impersonating);
  if (pathname === SETTINGS_PATH) return null;
  const status = connection.data?.status;
  if (status === 'broken') {
    return <BrokenBanner reason={connection.data?.brokenReason ?? null} isAdmin={isAdmin} />;
  }
  if (isAdmin && !impersonating && prompt.data?.show && status && status !== 'connected') {
    return <SwitchPrompt usesPlatformAccount={status === 'platform'} />;
  }
  return null;
}

function BrokenBanner({ reason, isAdmin }: { reason: string | null; isAdmin: boolean }) {
  return (
    <section className="notice-bar notice-bar-warning" aria-label="Matterport connection">
      <div className="notice-bar-inner">
        <p>
          <strong>Your Matterport connection stopped working.</strong> {reason ?? BROKEN_FALLBACK}{' '}
          {isAdmin
            ? 'Until then, your Matterport models are not listed.'
            : 'Ask an admin of your account to connect it again.'}
        </p>
        <Link to={SETTINGS_PATH}>{isAdmin ? 'Reconnect in Settings' : 'Open Settings'}</Link>
      </div>
    </section>
  );
}

/** Asks an admin whose provider used the platform's account to connect its own, until they do or dismiss it. */
function SwitchPrompt({ usesPlatformAccount }: { usesPlatformAccount: boolean }) {
  const connector = useConnectMatterport();
  const dismiss = useDismissMatterportSwitchPromptMutation();
  const busy = connector.isPending || dismiss.isPending;
  return (
    <section className="notice-bar" aria-label="Connect your own Matterport account">
      <div className="notice-bar-inner">
        <p>
          <strong>Connect your own Matterport account.</strong>{' '}
          {usesPlatformAccount
            ? 'Your models come from the platform’s demo Matterport account: connect yours to list your own models when you create a property.'
            : 'Models now come from each provider’s own Matterport account: connect yours to list its models when you create a property.'}
        </p>
        <div className="actions">
          <button type="button" className="button button-primary" disabled={busy} onClick={connector.connect}>
            Connect Matterport
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => dismiss.run()}
          >
            Not now
          </button>
        </div>
        <ErrorDisplay error={connector.error ?? dismiss.error} />
      </div>
    </section>
  );
}
