import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { WEEKLY_REPORT_UNSUBSCRIBE_PAGE } from '@tourly/contracts';
import {
  ACCEPT_INVITATION_PATH,
  CONTACT_CONFIRMATION_PATH,
  FINALIZE_PATH,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  SETUP_PROVIDER_PATH,
  SIGN_IN_PATH,
  SIGN_UP_PATH,
  SURVEY_PATH,
} from './auth/paths';
import { SignInPage } from './auth/SignInPage';
import { CONSOLE_AREAS } from './console/areas';
import { ProviderApp } from './provider/ProviderApp';
import { ErrorBoundary } from './shared/ErrorBoundary';
import { Loading } from './shared/Loading';

// react-admin and MUI are most of the app's code: only the back-office areas load them.
const ConsoleApp = lazy(() => import('./console/ConsoleApp'));
// The client portal (client users only) is an area of its own, loaded when opened.
const PortalApp = lazy(() => import('./portal/PortalApp'));
// Pages around an account other than sign-in are each loaded when opened; sign-up alone loads the captcha.
const ForgotPasswordPage = lazy(() => import('./auth/password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/password/ResetPasswordPage'));
const SignUpPage = lazy(() => import('./auth/signUp/SignUpPage'));
const FinalizePage = lazy(() => import('./auth/signUp/FinalizePage'));
const SetupProviderPage = lazy(() => import('./auth/signUp/SetupProviderPage'));
const SurveyPage = lazy(() => import('./auth/signUp/SurveyPage'));
const AcceptInvitationPage = lazy(() => import('./auth/invitation/AcceptInvitationPage'));
const ContactConfirmationPage = lazy(() => import('./auth/contactConfirmation/ContactConfirmationPage'));
// The public booking form: agents book without an account, outside the provider shell.
const BookPage = lazy(() => import('./book/BookPage'));
// A weekly analytics report's unsubscribe link: its recipient may have no account (an agent).
const WeeklyReportUnsubscribePage = lazy(() => import('./weeklyReport/UnsubscribePage'));

const ACCOUNT_PAGES: Array<[string, ReactNode]> = [
  [SIGN_IN_PATH, <SignInPage />],
  [FORGOT_PASSWORD_PATH, <ForgotPasswordPage />],
  [RESET_PASSWORD_PATH, <ResetPasswordPage />],
  [SIGN_UP_PATH, <SignUpPage />],
  [FINALIZE_PATH, <FinalizePage />],
  [SETUP_PROVIDER_PATH, <SetupProviderPage />],
  [SURVEY_PATH, <SurveyPage />],
  [CONTACT_CONFIRMATION_PATH, <ContactConfirmationPage />],
  [ACCEPT_INVITATION_PATH, <AcceptInvitationPage />],
  [WEEKLY_REPORT_UNSUBSCRIBE_PAGE, <WeeklyReportUnsubscribePage />],
];

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
      {ACCOUNT_PAGES.map(([path, page]) => (
        <Route
          key={path}
          path={path}
          element={
            <ErrorBoundary>
              <Suspense fallback={<Loading />}>{page}</Suspense>
            </ErrorBoundary>
          }
        />
      ))}
      <Route
        path="/book/:slug"
        element={
          <ErrorBoundary>
            <Suspense fallback={<Loading />}>
              <BookPage />
            </Suspense>
          </ErrorBoundary>
        }
      />
      <Route
        path="/portal/*"
        element={
          <ErrorBoundary>
            <Suspense fallback={<Loading />}>
              <PortalApp />
            </Suspense>
          </ErrorBoundary>
        }
      />
      <Route path="/*" element={<ProviderApp />} />
    </Routes>
  );
}
