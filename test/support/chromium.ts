import { chromium, type Browser } from 'playwright-core';

/**
 * Where the page tests' browser lives: Debian's Chromium in its headless build (package chromium-headless-shell,
 * which `.ci/run` installs), or CHROMIUM_PATH. The headless build renders with the same Blink and V8 as Debian's
 * `chromium`, without the desktop browser's window, toolbar pages and GPU process around each page: the same
 * journeys took 60% less processor time in it, which on a two-core machine is the suite's time (CONTRIBUTING).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** That Chromium, headless, with the flags the toolchain notes give (no sandbox as root, no vendor traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
