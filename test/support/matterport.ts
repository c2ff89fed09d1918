import type { Page } from 'playwright-core';
import { answerConsentPage } from './consent-page';

/** The Matterport emulator's OAuth accounts: the demo account (the platform's demo models) and Harbour Studio's. */
export type MatterportAccount = 'demo-scans' | 'harbour-studio';

/** A signed-in provider admin, as the browser holds them. */
interface SignedInAdmin {
  cookie: string;
  csrfToken: string;
}

export const MATTERPORT_CONNECTED = '/provider/settings?matterport=connected';

/**
 * Starts connecting the admin's provider (`auth_url` through the gateway at `gateway`), then answers Matterport's
 * authorisation page as a person does: its form posted back with an account, or Deny. Answers the callback Matterport
 * sends the browser to (path and query, for the gateway).
 */
export async function authorizeOnMatterport(
  gateway: string,
  admin: SignedInAdmin,
  choice: MatterportAccount | 'deny',
): Promise<string> {
  const started = await fetch(`${gateway}/api/integrations/matterport/auth_url`, {
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
  });
  if (started.status !== 200) throw new Error(`auth_url answered ${started.status}: ${await started.text()}`);
  const url = ((await started.json()) as { data: { url: string } }).data.url;
  return answerConsentPage('Matterport', url, choice === 'deny' ? 'deny' : { account: choice });
}

/** The browser following Matterport's redirect back, with its session: answers where the platform sends it next. */
export async function followMatterportCallback(
  gateway: string,
  admin: SignedInAdmin,
  callback: string,
): Promise<string> {
  const back = await fetch(`${gateway}${callback}`, {
    headers: { cookie: admin.cookie },
    redirect: 'manual',
  });
  const location = back.headers.get('location');
  if (back.status !== 302 || !location) throw new Error(`the callback answered ${back.status}`);
  return location;
}

/** Connects the admin's provider to the emulator's account, the whole way; throws unless it ends connected. */
export async function connectMatterport(
  gateway: string,
  admin: SignedInAdmin,
  account: MatterportAccount,
): Promise<void> {
  const callback = await authorizeOnMatterport(gateway, admin, account);
  const ended = await followMatterportCallback(gateway, admin, callback);
  if (ended !== MATTERPORT_CONNECTED) throw new Error(`connecting ended on ${ended}`);
}

/**
 * Waits until the page's Matterport SDK has connected to Showcase (the stand-in counts its sessions on its body): a
 * move made before that reaches the page only as the place it connects to, so a walk that counts places starts after.
 */
export async function showcaseConnected(page: Page): Promise<void> {
  await page
    .frameLocator('iframe.tour-model')
    .locator('body[data-sdk-sessions]')
    .waitFor({ state: 'attached' });
}

/**
 * Waits until the player has heard of the place Showcase shows now: Showcase tells the page over postMessage, so a
 * message posted from Showcase's frame after it arrives after it (one sender, one receiver: in order). Only then may
 * the clock run forward, or the time would count for the room before.
 */
export async function placeReachedThePlayer(page: Page): Promise<void> {
  const showcase = page.frames().find((frame) => frame.url().includes('/matterport/show/'))!;
  await page.evaluate(
    "window.placeProbe = new Promise((resolve) => addEventListener('message', function heard(event) {" +
      " if (event.data === 'place-probe') { removeEventListener('message', heard); resolve(true); } })); true",
  );
  await showcase.evaluate("parent.postMessage('place-probe', '*')");
  await page.evaluate('window.placeProbe');
}

/**
 * The Matterport emulator's add-on controls (`/matterport/_emulator/bundles/...`: the orders, their delay, completing
 * or failing one), as JSON; throws on anything but a 2xx.
 */
export async function matterportBundles(
  emulatorsUrl: string,
  method: 'get' | 'post',
  route: string,
  body?: object,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulatorsUrl}/matterport/_emulator/bundles${route}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the emulator answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
