import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { startPlatformWithEmulators, type PlatformWithEmulators } from './platform';
import { builtWebApp, pagesEnv } from './web-build';

/**
 * What a browser file of the shared kind gets: the worker's platform and Chromium, and `release` for its afterAll.
 * `base`: the gateway's address, which is also APP_URL (links in emails and vendors' return pages open it).
 */
export interface SharedBrowserPlatform {
  it_: PlatformWithEmulators;
  browser: Browser;
  base: string;
  /** Closes the browser contexts the file left open; stops everything when nothing is shared (see below). */
  release(): Promise<void>;
}

/**
 * Settings the shared platform has for every file, the union of what its files asked for on their own platforms:
 * analytics rolled up every second and base.json never kept (a test reads what it just changed), and the limits per
 * address raised, since every visitor of every file comes from 127.0.0.1 within minutes (the limits have their own
 * suites: leads.browser and the services' tests, on platforms of their own).
 */
function sharedEnv(webDist: string, emulatorsUrl: string, gatewayUrl: string): Record<string, string> {
  return {
    ...pagesEnv(webDist, emulatorsUrl),
    APP_URL: gatewayUrl,
    ANALYTICS_ROLLUP_INTERVAL_MS: '1000',
    PLAYER_CACHE_SECONDS: '0',
    LEADS_PER_ADDRESS_PER_HOUR: '100000',
    PUBLIC_RATE_LIMIT: '100000',
  };
}

let shared: Promise<{ it_: PlatformWithEmulators; browser: Browser }> | undefined;

/**
 * One platform (with the emulators, a local S3 and the web build) and one Chromium per Jest worker, for the browser
 * files whose tests each make their own tenants (a sign-up per provider) and never change what other providers see:
 * a boot is several seconds of every file, the suite's largest cost after the pages themselves (CONTRIBUTING).
 *
 * The first file of a worker starts them; the worker's later files reuse them (jest-light-runner runs a worker's
 * files one after another in one process); they stop when Jest lets the worker go (it disconnects the process). Run
 * outside a worker process (Jest in band), nothing outlives the file: `release` stops them.
 */
export async function sharedBrowserPlatform(): Promise<SharedBrowserPlatform> {
  const inWorker = typeof process.send === 'function';
  const started = inWorker ? (shared ??= startShared(true)) : startShared(false);
  const { it_, browser } = await started;
  return {
    it_,
    browser,
    base: it_.base,
    async release() {
      if (!inWorker) return stop(it_, browser);
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
  };
}

async function startShared(inWorker: boolean): Promise<{ it_: PlatformWithEmulators; browser: Browser }> {
  const webDist = await builtWebApp();
  const [it_, browser] = await Promise.all([
    startPlatformWithEmulators({
      s3: true,
      env: (emulatorsUrl, gatewayUrl) => sharedEnv(webDist, emulatorsUrl, gatewayUrl),
    }),
    launchChromium(),
  ]);
  if (inWorker) process.once('disconnect', () => void stop(it_, browser));
  return { it_, browser };
}

async function stop(it_: PlatformWithEmulators, browser: Browser): Promise<void> {
  await browser.close();
  await it_.stop();
}
