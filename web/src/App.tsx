import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { SIGN_IN_PATH } from './auth/paths';
import { SignInPage } from './auth/SignInPage';
import { CONSOLE_AREAS } from './console/areas';
import { ProviderApp } from './provider/ProviderApp';
import { ErrorBoundary } from './shared/ErrorBoundary';
import { Loading } from './shared/Loading';

// react-admin and MUI are most of the app's code: only the back-office areas load them.
const ConsoleApp = lazy(() => import('./console/ConsoleApp'));

export function App() {
  return (
    <Routes>
      {CONSOLE_AREAS.map((area) => (
        <Route
          key={area}
          path={`/${area}/*`}
          element={
            <ErrorBoundary>
              <Suspense fallback={<Loading />}>
                <ConsoleApp area={area} />
              </Suspense>
            </ErrorBoundary>
          }
        />
      ))}
      <Route
        path={SIGN_IN_PATH}
        element={
          <ErrorBoundary>
            <SignInPage />
          </ErrorBoundary>
        }
      />
      <Route path="/*" element={<ProviderApp />} />
    </Routes>
  );
}
