import { TOUR_DEFAULTS } from '@tourly/contracts';

/** Where the visitor stands in the 3D space: the sweep, its room's label and its floor's sequence (0: lowest). */
export interface ShowcasePlace {
  sweep: string;
  room: string | null;
  floor: number | null;
}

/** A connection to the Showcase embed of a tour. */
export interface ShowcaseSession {
  /** Calls `listener` with the place reached so far (if any), then with every new one; returns the unsubscribe. */
  onPlace(listener: (place: ShowcasePlace) => void): () => void;
  close(): void;
}

/** The SDK's client (base.json's `showcase_sdk`), and the version to ask for (`sdk_version`, else 3.11). */
export interface ShowcaseSdkSettings {
  url: string;
  key?: string | null;
  version?: string;
}

/** The part of Matterport's SDK read here (its reference: Sweep.current, Room.current). */
interface MpSdk {
  Sweep: { current: Observable<{ sid: string; floorInfo: { sequence?: number } }> };
  Room: { current: Observable<{ rooms: Array<{ label?: string }> }> };
  disconnect(): void;
}
interface Observable<T> {
  subscribe(callback: (value: T) => void): { cancel(): void };
}
type MpSdkWindow = Window & {
  MP_SDK?: { connect(iframe: HTMLIFrameElement, key?: string, version?: string): Promise<MpSdk> };
};

/**
 * The sweep and the room come from two observables, each told on its own: a place is reported once both have
 * settled, so a move is never reported with the room it left.
 */
const SETTLE_MS = 50;

const scripts = new Map<string, Promise<void>>();

/** The vendor's script, added once per URL (never bundled: Matterport serves the SDK that matches Showcase). */
function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${url}`));
      document.head.appendChild(script);
    });
    // A failed load may be tried again (a later tour, the network back).
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

/** The SDK version to ask for: a page's `sdk_version` query parameter (`3.12`), else the spec's 3.11. */
export function sdkVersion(search: string): string {
  const asked = new URLSearchParams(search).get('sdk_version');
  return asked && /^\d+\.\d+(\.\d+)?$/.test(asked) ? asked : TOUR_DEFAULTS.sdkVersion;
}

/**
 * Connects to the Showcase embed in `iframe` (once it has loaded) through Matterport's SDK, loaded at run time from
 * `sdk.url`. Never throws: without the SDK (not loading, refusing, another Showcase) it logs why and resolves null,
 * and the tour plays on without knowing where the visitor is.
 */
export async function connectShowcase(
  iframe: HTMLIFrameElement,
  sdk: ShowcaseSdkSettings,
): Promise<ShowcaseSession | null> {
  try {
    await loadScript(sdk.url);
    const client = (window as MpSdkWindow).MP_SDK;
    if (!client) throw new Error(`${sdk.url} defined no MP_SDK`);
    const mp = await client.connect(iframe, sdk.key ?? undefined, sdk.version ?? TOUR_DEFAULTS.sdkVersion);
    return session(mp);
  } catch (error) {
    console.warn('Matterport SDK unavailable; the tour plays without the visitor’s place', error);
    return null;
  }
}

function session(mp: MpSdk): ShowcaseSession {
  const listeners = new Set<(place: ShowcasePlace) => void>();
  let sweep = '';
  let floor: number | null = null;
  let room: string | null = null;
  let reported = '';
  let last: ShowcasePlace | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function settle() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // An empty sweep id: before play, or between sweeps (dollhouse, floor plan, a transition): no place.
      if (!sweep) return;
      const place: ShowcasePlace = { sweep, room, floor };
      const key = JSON.stringify(place);
      if (key === reported) return;
      reported = key;
      last = place;
      for (const listener of listeners) listener(place);
    }, SETTLE_MS);
  }

  const subscriptions = [
    mp.Sweep.current.subscribe((current) => {
      sweep = current.sid;
      floor = current.floorInfo.sequence ?? null;
      settle();
    }),
    mp.Room.current.subscribe((current) => {
      room = current.rooms[0]?.label || null;
      settle();
    }),
  ];

  return {
    onPlace(listener) {
      listeners.add(listener);
      if (last) listener(last);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(timer);
      listeners.clear();
      for (const subscription of subscriptions) subscription.cancel();
      mp.disconnect();
    },
  };
}
