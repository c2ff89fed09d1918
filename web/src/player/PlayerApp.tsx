import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError } from '../api/errors';
import { fetchTour, publicIdOf, unlockTour, type PlayerTour } from './api';
import { applyTourLanguage, useTranslation } from './i18n';
import { PasswordPage } from './PasswordPage';
import { PausedPage } from './PausedPage';
import type { PlayerRoute } from '@tourly/contracts';
import { TourNotFound } from './TourNotFound';
import { TourPage } from './TourPage';

// Most visitors come for a tour: the website's page and its component load only for the website.
const WebsitePage = lazy(() => import('./WebsitePage'));

/**
 * The tour's request, started as the page's code starts (beside the visitor's language, before the first render), so
 * a phone on a slow network waits for the two at once rather than one after the other.
 */
export function startTourRequest(route: PlayerRoute | null): Promise<PlayerTour> | undefined {
  if (route?.page !== 'tour') return undefined;
  const request = fetchTour(publicIdOf(route.clientSlug, route.modelSlug), route.mls);
  // Its failure is read once the page renders; until then it is not an unhandled rejection.
  request.catch(() => undefined);
  return request;
}

/**
 * The page the address names: a tour, a property's website, or "Tour not found". `tourRequest`: the tour's request
 * if it was started already (`startTourRequest`).
 */
export function PlayerApp({
  route,
  tourRequest,
}: {
  route: PlayerRoute | null;
  tourRequest?: Promise<PlayerTour>;
}) {
  if (!route) return <TourNotFound />;
  if (route.page === 'website')
    return (
      <Suspense fallback={<main className="player-message" aria-busy="true" />}>
        <WebsitePage providerId={route.providerId} slug={route.slug} />
      </Suspense>
    );
  return (
    <TourLoader
      id={publicIdOf(route.clientSlug, route.modelSlug)}
      mls={route.mls}
      firstRequest={tourRequest}
    />
  );
}

type TourState =
  | { status: 'loading' }
  | { status: 'loaded'; tour: PlayerTour }
  | { status: 'password' }
  | { status: 'paused' }
  | { status: 'not_found' }
  | { status: 'failed'; message: string };

/**
 * Loads the published tour: 404 is "Tour not found", 401 asks for the password, then loads it again; 423 is the
 * paused page (an unpaid hosting fee).
 */
function TourLoader({
  id,
  mls,
  firstRequest,
}: {
  id: string;
  mls: boolean;
  firstRequest?: Promise<PlayerTour>;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<TourState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // The first look reads the request the page started with; a look again (after the password) asks anew.
    const request = attempt === 0 && firstRequest ? firstRequest : fetchTour(id, mls, controller.signal);
    request.then(
      (tour) => {
        if (controller.signal.aborted) return;
        void applyTourLanguage(tour.setup?.language).then(() => setState({ status: 'loaded', tour }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : null;
        if (status === 404) setState({ status: 'not_found' });
        else if (status === 401) setState({ status: 'password' });
        // Paused for an unpaid hosting fee: the paused page, with the provider's contact.
        else if (status === 423) setState({ status: 'paused' });
        else
          setState({ status: 'failed', message: error instanceof ApiError ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [id, mls, attempt, firstRequest]);

  switch (state.status) {
    case 'loading':
      return (
        <main className="player-message" aria-busy="true">
          <p role="status">{t('loading')}</p>
        </main>
      );
    case 'not_found':
      return <TourNotFound />;
    case 'paused':
      return <PausedPage id={id} />;
    case 'password':
      return (
        <PasswordPage
          unlock={(username, password) => unlockTour(id, username, password)}
          onUnlocked={() => {
            setState({ status: 'loading' });
            setAttempt((count) => count + 1);
          }}
        />
      );
    case 'failed':
      return (
        <main className="player-message">
          <p role="alert">{state.message}</p>
        </main>
      );
    case 'loaded':
      return <TourPage tour={state.tour} />;
  }
}
