import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { Loading } from '../shared/Loading';
import { PRODUCT_NAME } from '../shared/strings';
import './layout.css';

const NAV_ITEMS = [{ to: '/provider/properties', label: 'Properties' }];

export function ProviderLayout() {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
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
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {/* Keyed by path so that leaving a page that failed clears the error. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
