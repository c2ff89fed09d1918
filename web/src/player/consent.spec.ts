import { describe, expect, it } from '@jest/globals';
import { deferredAnalytics, NO_ANALYTICS, type Analytics } from './consent';

/** A collector that writes down what it is told. */
function recording(calls: unknown[][]): Analytics {
  return {
    record: (type, fields) => calls.push(['record', type, fields]),
    place: (place) => calls.push(['place', place]),
    setConsent: (consent) => calls.push(['setConsent', consent]),
    setLanguage: (language) => calls.push(['setLanguage', language]),
    attribution: () => ({ rooms: ['Kitchen'] }) as unknown as ReturnType<Analytics['attribution']>,
    stop: () => calls.push(['stop']),
  };
}

describe('the analytics of a page whose collector is still loading', () => {
  it('keeps what the page records, in order, for the collector once loaded, then passes everything straight on', async () => {
    const calls: unknown[][] = [];
    let loaded!: (analytics: Analytics) => void;
    const analytics = deferredAnalytics(new Promise<Analytics>((resolve) => (loaded = resolve)));
    analytics.record('menu_opened', { target: 'm1' });
    analytics.place({ sweep: 's1', room: 'Kitchen', floor: 0 });
    analytics.setConsent('granted');
    expect(analytics.attribution()).toBeNull();
    expect(calls).toEqual([]);
    loaded(recording(calls));
    await Promise.resolve();
    analytics.setLanguage('fr');
    expect(calls).toEqual([
      ['record', 'menu_opened', { target: 'm1' }],
      ['place', { sweep: 's1', room: 'Kitchen', floor: 0 }],
      ['setConsent', 'granted'],
      ['setLanguage', 'fr'],
    ]);
    expect(analytics.attribution()).toEqual({ rooms: ['Kitchen'] });
  });

  it('records nothing when the collector cannot load', async () => {
    const analytics = deferredAnalytics(Promise.reject(new Error('chunk failed')));
    analytics.record('contact_opened');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(analytics.attribution()).toBe(NO_ANALYTICS.attribution());
  });
});
