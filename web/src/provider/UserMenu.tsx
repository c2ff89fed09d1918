import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { signOut } from '../auth/api';
import { SIGN_IN_PATH } from '../auth/paths';
import { useCurrentUserQuery } from '../auth/queries';
import { useSessionChange } from '../auth/useSessionChange';
import { Avatar } from '../shared/Avatar';
import { useOwnAvatarQuery } from '../shared/avatars';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { useBilling } from './features/billing/BillingContext';
import { BILLING_PATH } from './features/billing/paths';
import { switchProvider } from './features/team/api';
import { TEAM_PATH } from './features/team/paths';
import { useAvailableProvidersQuery } from './features/team/queries';

async function signOutToSignInPage(): Promise<string> {
  await signOut();
  return SIGN_IN_PATH;
}

/**
 * The header's account menu (a disclosure: a button showing a panel), closed by Escape or a click elsewhere. For
 * people in several providers it lists them: choosing one moves the session there (a full page load follows). An
 * administrator impersonating a provider sees only that one, so no list.
 */
export function UserMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { run: runSignOut, isPending, error } = useSessionChange(signOutToSignInPage);
  const { canManageBilling } = useBilling();
  const me = useCurrentUserQuery();
  const providers = useAvailableProvidersQuery(me.data !== undefined && me.data.impersonatorId === null);
  const switching = useSessionChange(switchProvider);
  const others = providers.data && providers.data.totalCount > 1 ? providers.data.items : [];
  const picture = useOwnAvatarQuery().data?.avatarUrl ?? null;

  useEffect(() => {
    if (!isOpen) return;
    function closeOnPointerElsewhere(event: PointerEvent) {
      if (!menuRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('pointerdown', closeOnPointerElsewhere);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnPointerElsewhere);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  return (
    <div ref={menuRef} className="user-menu">
      <button
        ref={toggleRef}
        type="button"
        className="user-menu-toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {picture && me.data && (
          <Avatar firstName={me.data.firstName} lastName={me.data.lastName} url={picture} size="tiny" />
        )}
        Account
      </button>
      <div id={panelId} className="user-menu-panel" hidden={!isOpen}>
        {others.length > 0 && (
          <div className="user-menu-providers" role="group" aria-label="Switch provider">
            <p className="user-menu-heading">Switch provider</p>
            {others.map((provider) =>
              provider.id === me.data?.providerId ? (
                <span key={provider.id} className="user-menu-item user-menu-current" aria-current="true">
                  {provider.name} (current)
                </span>
              ) : (
                <button
                  key={provider.id}
                  type="button"
                  className="user-menu-item"
                  disabled={switching.isPending}
                  onClick={() => void switching.run(provider.id)}
                >
                  {provider.name}
                </button>
              ),
            )}
            <ErrorDisplay error={switching.error} />
          </div>
        )}
        <Link className="user-menu-item" to={TEAM_PATH} onClick={() => setIsOpen(false)}>
          Team
        </Link>
        {canManageBilling && (
          <Link className="user-menu-item" to={BILLING_PATH} onClick={() => setIsOpen(false)}>
            Accounts and billing
          </Link>
        )}
        <button type="button" className="user-menu-item" disabled={isPending} onClick={() => runSignOut()}>
          Sign out
        </button>
        <ErrorDisplay error={error} />
      </div>
    </div>
  );
}
