/**
 * What the visitor's page needs of its analytics before the collector (./analytics, loaded lazily: it is not needed
 * for the first paint) is there: the visitor's consent so far, the banner's "no", and an Analytics that records
 * nothing or waits for the collector.
 */

import type { AnalyticsConsent as Consent, AnalyticsEventType, LeadAttribution } from '@tourly/contracts';

/** Where the visitor stands in the model, as the Showcase SDK tells it. */
export interface Place {
  sweep?: string | null;
  room?: string | null;
  floor?: number | null;
}

/** What an event may carry besides its type and time (`ms` is the collector's own, on `dwell`). */
export interface EventFields extends Place {
  target?: string | null;
}

export interface Analytics {
  record(type: AnalyticsEventType, fields?: EventFields): void;
  /** The visitor arrived at `place`: a `dwell` for the place left, then `sweep_entered`. */
  place(place: Place): void;
  /** The banner's answer: the next batches carry it (and, granted, the visitor id). */
  setConsent(consent: Consent): void;
  /** The visitor switched languages. */
  setLanguage(language: string): void;
  /**
   * The rooms of this view for a lead the visitor sends: null unless the visitor granted consent (a lead joined to a
   * person's path is personal data) or when the tour named no room.
   */
  attribution(): LeadAttribution | null;
  /** Sends what waits and stops listening to the page. */
  stop(): void;
}

export const CONSENT_COOKIE = 'cookie_policy_accepted';
export const DECLINED_KEY = 'cookie_policy_declined';

/** What the visitor said, and whether to ask: Do Not Track and Global Privacy Control are a standing "no". */
export function consentOf(signals: {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
  cookie: string;
  declined: boolean;
}): { consent: Consent; ask: boolean } {
  if (signals.doNotTrack === '1' || signals.globalPrivacyControl === true)
    return { consent: 'denied', ask: false };
  if (new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=`).test(signals.cookie))
    return { consent: 'granted', ask: false };
  if (signals.declined) return { consent: 'denied', ask: false };
  return { consent: 'unknown', ask: true };
}

/** This browser's answer so far (the cookie the accept route sets is readable by the page). */
export function browserConsent(): { consent: Consent; ask: boolean } {
  try {
    let declined = false;
    try {
      declined = window.sessionStorage.getItem(DECLINED_KEY) !== null;
    } catch {
      // Storage refused (a sandboxed embed): the banner asks again.
    }
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    return consentOf({
      doNotTrack: nav.doNotTrack,
      globalPrivacyControl: nav.globalPrivacyControl,
      cookie: document.cookie,
      declined,
    });
  } catch {
    return { consent: 'unknown', ask: true };
  }
}

/** Declined: remembered for this tab only (sessionStorage), never in a cookie. */
export function rememberDeclined(): void {
  try {
    window.sessionStorage.setItem(DECLINED_KEY, '1');
  } catch {
    // Not remembered: the banner asks again on the next page.
  }
}

/** Records nothing: the website's pages, and a browser the collector cannot start in. */
export const NO_ANALYTICS: Analytics = {
  record: () => undefined,
  place: () => undefined,
  setConsent: () => undefined,
  setLanguage: () => undefined,
  attribution: () => null,
  stop: () => undefined,
};

/**
 * An Analytics whose collector is still loading: what the page records meanwhile waits and is handed over in order
 * once it has loaded (its times are then the hand-over's, a moment later); a collector that cannot load records
 * nothing. `attribution()` is null until then.
 */
export function deferredAnalytics(loading: Promise<Analytics>): Analytics {
  let loaded: Analytics | null = null;
  const waiting: Array<(analytics: Analytics) => void> = [];
  const settle = (analytics: Analytics) => {
    loaded = analytics;
    for (const call of waiting.splice(0)) call(analytics);
  };
  loading.then(settle, () => settle(NO_ANALYTICS));
  const later = (call: (analytics: Analytics) => void) => {
    if (loaded) call(loaded);
    else waiting.push(call);
  };
  return {
    record: (type, fields) => later((analytics) => analytics.record(type, fields)),
    place: (place) => later((analytics) => analytics.place(place)),
    setConsent: (consent) => later((analytics) => analytics.setConsent(consent)),
    setLanguage: (language) => later((analytics) => analytics.setLanguage(language)),
    attribution: () => loaded?.attribution() ?? null,
    stop: () => later((analytics) => analytics.stop()),
  };
}
