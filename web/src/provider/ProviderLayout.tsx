import { Suspense } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { isProviderSide } from '../api/role';
import { PORTAL_LANDING_PATH, staffAreaPathOf } from '../auth/landing';
import { useRequireSignIn, type SessionState } from '../auth/useRequireSignIn';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { Loading } from '../shared/Loading';
import { PRODUCT_NAME } from '../shared/strings';
import { EmailConfirmationNotice } from './EmailConfirmationNotice';
import { BillingProvider } from './features/billing/BillingContext';
import { SubscriptionBanner } from './features/billing/components/SubscriptionBanner';
import { MatterportNotices } from './features/settings/components/MatterportNotices';
import { ImpersonationBanner } from './ImpersonationBanner';
import { UserMenu } from './UserMenu';
import './layout.css';

const NAV_ITEMS = [
  { to: '/provider/properties', label: 'Properties' },
  { to: '/provider/orders', label: 'Orders' },
  { to: '/provider/floorplans', label: 'Floor plans' },
  { to: '/provider/bookings', label: 'Bookings' },
  { to: '/provider/clients', label: 'Clients' },
  { to: '/provider/contacts', label: 'Contacts' },
  { to: '/provider/analytics', label: 'Analytics' },
  { to: '/provider/hosting_fees', label: 'Hosting fees' },
  { to: '/provider/settings', label: 'Settings' },
];

/**
 * The provider pages' shell: every page under it needs a signed-in user; platform staff working in no provider's
 * account go on to their back office. Users on the provider side also get their subscription's banner, read once
 * per page load (the billing context, which the billing page shares), and the Matterport notices (a broken
 * connection; for admins, the prompt to connect their own account).
 */
export function ProviderLayout() {
  const { pathname } = useLocation();
  const session = useRequireSignIn();
  const isSignedIn = session.status === 'signed-in';
  const hasBilling = isSignedIn && isProviderSide(session.user.role) && session.user.providerId !== null;
  // Platform staff outside any provider's account have no provider pages: their back office instead.
  const staffArea = isSignedIn ? staffAreaPathOf(session.user) : null;
  if (staffArea) return <Navigate to={staffArea} replace />;
  // A client user works in its client's portal, never in the provider's workspace (the API refuses it there too).
  if (isSignedIn && session.user.role === 'client_user') return <Navigate to={PORTAL_LANDING_PATH} replace />;
  return (
    <BillingProvider enabled={hasBilling}>
      <Shell session={session} pathname={pathname} hasBilling={hasBilling} />
    </BillingProvider>
  );
}

function Shell({
  session,
  pathname,
  hasBilling,
}: {
  session: SessionState;
  pathname: string;
  hasBilling: boolean;
}) {
  const isSignedIn = session.status === 'signed-in';
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {isSignedIn && session.user.impersonatorId !== null && <ImpersonationBanner />}
      <header className="shell-header">
        <div className="shell-header-inner">
          <Link className="shell-brand" to="/provider/properties">
            {PRODUCT_NAME}
          </Link>
          <nav className="shell-nav" aria-label="Main">
            <ul>
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {isSignedIn && <UserMenu />}
        </div>
      </header>
      {hasBilling && <SubscriptionBanner />}
      {hasBilling && isSignedIn && (
        <MatterportNotices pathname={pathname} impersonating={session.user.impersonatorId !== null} />
      )}
      {/* An administrator acting as the provider cannot read its user's email: no reminder for them. */}
      {isSignedIn && session.user.impersonatorId === null && <EmailConfirmationNotice />}
      <main id="main" className="shell-main" tabIndex={-1}>
        {/* Keyed by path so that leaving a page that failed clears the error. */}
        <ErrorBoundary key={pathname}>
          <PageOnceSignedIn session={session} />
        </ErrorBoundary>
      </main>
    </div>
  );
}

/** Pages render once the session check has answered, so none of them asks for data while signed out. */
function PageOnceSignedIn({ session }: { session: SessionState }) {
  switch (session.status) {
    case 'checking':
      return <Loading />;
    case 'failed':
      return (
        <div className="page">
          <ErrorDisplay error={session.error} />
        </div>
      );
    case 'signed-in':
      return (
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      );
  }
}
