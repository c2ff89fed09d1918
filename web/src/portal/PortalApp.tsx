import { Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { signOut } from '../auth/api';
import { landingPathOf } from '../auth/landing';
import { SIGN_IN_PATH } from '../auth/paths';
import { useRequireSignIn } from '../auth/useRequireSignIn';
import { useSessionChange } from '../auth/useSessionChange';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { Loading } from '../shared/Loading';
import { PRODUCT_NAME } from '../shared/strings';
import { ownPortal } from './api';
import { PortalBookings } from './components/PortalBookings';
import { PortalInvoices } from './components/PortalInvoices';
import { PortalProperties } from './components/PortalProperties';
import { PortalProperty } from './components/PortalProperty';
import { PORTAL_PATH } from './paths';
import { usePortalClientQuery, usePortalProviderQuery } from './queries';
import '../provider/layout.css';
import '../provider/features/clients/clients.css';
import './portal.css';

async function signOutToSignInPage(): Promise<string> {
  await signOut();
  return SIGN_IN_PATH;
}

/**
 * `/portal/...` (issue 31): a client user's own area, loaded lazily, with its own layout (the provider's name and
 * logo, the client's name, "Sign out"): the client's properties and each one's page. Nothing of the provider's
 * workspace. Anyone else signed in goes where their role starts.
 */
export default function PortalApp() {
  const session = useRequireSignIn();
  const isClientUser = session.status === 'signed-in' && session.user.role === 'client_user';
  const provider = usePortalProviderQuery(isClientUser);
  const signingOut = useSessionChange(signOutToSignInPage);
  if (session.status === 'checking') return <Loading />;
  if (session.status === 'failed')
    return (
      <div className="page">
        <ErrorDisplay error={session.error} />
      </div>
    );
  if (!isClientUser) {
    return <Navigate to={landingPathOf(session.user)} replace />;
  }
  return (
    <div className="shell portal">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <div className="shell-header-inner portal-header">
          <span className="portal-brand">
            {provider.data?.logoUrl && <img src={provider.data.logoUrl} alt="" height={32} />}
            <span>{provider.data?.name ?? PRODUCT_NAME}</span>
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={signingOut.isPending}
            onClick={() => void signingOut.run()}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        <ErrorDisplay error={signingOut.error} />
        <ErrorBoundary>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route index element={<PortalHome />} />
              <Route path="properties/:id" element={<PortalPropertyPage />} />
              <Route path="*" element={<Navigate to={PORTAL_PATH} replace />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}

function PortalHome() {
  const client = usePortalClientQuery(ownPortal);
  return (
    <div className="page">
      <title>{`${client.data?.name ?? 'Your portal'} · ${PRODUCT_NAME}`}</title>
      <h1>{client.data?.name ?? 'Your portal'}</h1>
      <ErrorDisplay error={client.error} />
      <PortalProperties source={ownPortal} base={PORTAL_PATH} />
      <PortalBookings source={ownPortal} />
      <PortalInvoices source={ownPortal} />
    </div>
  );
}

function PortalPropertyPage() {
  const { id = '' } = useParams();
  return (
    <div className="page">
      <PortalProperty source={ownPortal} base={PORTAL_PATH} id={id} />
    </div>
  );
}
