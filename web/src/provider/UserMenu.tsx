import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { signOut } from '../auth/api';
import { SIGN_IN_PATH } from '../auth/paths';
import { useSessionChange } from '../auth/useSessionChange';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { useBilling } from './features/billing/BillingContext';
import { BILLING_PATH } from './features/billing/paths';

async function signOutToSignInPage(): Promise<string> {
  await signOut();
  return SIGN_IN_PATH;
}

/** The header's account menu (a disclosure: a button showing a panel), closed by Escape or a click elsewhere. */
export function UserMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { run: runSignOut, isPending, error } = useSessionChange(signOutToSignInPage);
  const { canManageBilling } = useBilling();

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
        Account
      </button>
      <div id={panelId} className="user-menu-panel" hidden={!isOpen}>
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
