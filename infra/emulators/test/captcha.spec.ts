import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../test/support/chromium';
import {
  FAILING_CAPTCHA_TOKEN,
  startEmulators,
  type RunningEmulators,
  type SiteverifyResult,
} from '@tourly/emulators';

describe('captcha vendor (reCAPTCHA siteverify)', () => {
  let emulators: RunningEmulators;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });

  afterAll(() => emulators.close());

  async function siteverifyForm(fields: Record<string, string>): Promise<SiteverifyResult> {
    const response = await fetch(`${emulators.url}/captcha/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as SiteverifyResult;
  }

  it('accepts any non-empty token', async () => {
    const before = Date.now();
    const result = await siteverifyForm({ secret: 'site-secret', response: 'token-from-the-widget' });

    expect(result).toEqual({ success: true, challenge_ts: expect.any(String), hostname: 'localhost' });
    const { challenge_ts } = result as Extract<SiteverifyResult, { success: true }>;
    expect(challenge_ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(challenge_ts)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it('takes a JSON body as well', async () => {
    const response = await fetch(`${emulators.url}/captcha/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: 'site-secret', response: 'token' }),
    });

    expect(await response.json()).toMatchObject({ success: true, hostname: 'localhost' });
  });

  it('takes the parameters from the query string, as Google does', async () => {
    const query = new URLSearchParams({ secret: 'site-secret', response: 'token' });
    const response = await fetch(`${emulators.url}/captcha/siteverify?${query}`, { method: 'POST' });

    expect(await response.json()).toMatchObject({ success: true });
  });

  it.each([
    ['the failing token', { secret: 'site-secret', response: FAILING_CAPTCHA_TOKEN }],
    ['an empty token', { secret: 'site-secret', response: '' }],
    ['a missing token', { secret: 'site-secret' }],
  ])('rejects %s', async (_case, fields) => {
    expect(await siteverifyForm(fields)).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
  });

  it('rejects a request without a secret', async () => {
    expect(await siteverifyForm({ response: 'token' })).toEqual({
      success: false,
      'error-codes': ['missing-input-secret'],
    });
  });
});

/** The stand-in of Google's api.js, run in a real browser (Debian's Chromium) as the sign-up page runs it. */
describe('captcha widget script (api.js)', () => {
  let emulators: RunningEmulators;
  let browser: Browser;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
    browser = await launchChromium();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await emulators?.close();
  });

  /** A page that loads the script the way the sign-up page does; `events` records what the widget reports. */
  async function pageWithScript(query: string, body = '<div id="captcha"></div>'): Promise<Page> {
    const page = await browser.newPage();
    await page.clock.install();
    await page.setContent(
      `<html><head><script>
         window.events = [];
         window.loaded = () => window.events.push('loaded');
       </script></head><body>${body}
       <script src="${emulators.url}/captcha/api.js?${query}" async defer></script></body></html>`,
    );
    await page.waitForFunction('typeof window.grecaptcha === "object"');
    return page;
  }

  /** Evaluates a JavaScript expression in the page (the tests run in Node, without the DOM's types). */
  function inPage<T>(page: Page, expression: string): Promise<T> {
    return page.evaluate(expression) as Promise<T>;
  }

  it('is served as JavaScript', async () => {
    const response = await fetch(`${emulators.url}/captcha/api.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toContain('window.grecaptcha');
  });

  it('renders an accessible checkbox whose tick yields a token that siteverify accepts', async () => {
    const page = await pageWithScript('onload=loaded&render=explicit');
    await page.waitForFunction('window.events.includes("loaded")');
    const widgetId = await inPage(
      page,
      `grecaptcha.render('captcha', {
         sitekey: 'site-key',
         callback: (token) => events.push('token:' + token),
         'expired-callback': () => events.push('expired'),
       })`,
    );
    expect(widgetId).toBe(0);
    expect(await inPage(page, 'grecaptcha.getResponse()')).toBe('');

    const checkbox = page.getByRole('checkbox', { name: "I'm not a robot" });
    await checkbox.focus();
    await page.keyboard.press('Space');
    expect(await checkbox.isChecked()).toBe(true);
    const token = await inPage<string>(page, 'grecaptcha.getResponse(0)');
    expect(token).toMatch(/^emulated-[0-9a-f]{32}$/);
    expect(await inPage(page, 'events')).toEqual(['loaded', `token:${token}`]);
    // A second click does not untick it, as on Google's widget.
    await checkbox.click();
    expect(await checkbox.isChecked()).toBe(true);

    const verified = await fetch(`${emulators.url}/captcha/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: 'site-secret', response: token }).toString(),
    });
    expect(await verified.json()).toMatchObject({ success: true });
    await page.close();
  });

  it('expires a token after two minutes, unticking the box, and forgets it on reset', async () => {
    const page = await pageWithScript('render=explicit');
    await inPage(
      page,
      `grecaptcha.render(document.getElementById('captcha'), {
         sitekey: 'site-key',
         'expired-callback': () => events.push('expired'),
       })`,
    );
    const checkbox = page.getByRole('checkbox', { name: "I'm not a robot" });
    await checkbox.check();
    await page.clock.fastForward(119_000);
    expect(await inPage(page, 'grecaptcha.getResponse()')).not.toBe('');
    await page.clock.fastForward(2_000);
    expect(await inPage(page, 'grecaptcha.getResponse()')).toBe('');
    expect(await checkbox.isChecked()).toBe(false);
    expect(await inPage(page, 'events')).toEqual(['expired']);

    await checkbox.check();
    await inPage(page, 'grecaptcha.reset()');
    expect(await checkbox.isChecked()).toBe(false);
    expect(await inPage(page, 'grecaptcha.getResponse()')).toBe('');
    await page.close();
  });

  it('renders .g-recaptcha elements by itself unless told render=explicit, and refuses bad renders', async () => {
    const page = await pageWithScript(
      '',
      '<div class="g-recaptcha" data-sitekey="site-key" id="auto"></div>',
    );
    await page.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
    const errors = await inPage(
      page,
      `[
         () => grecaptcha.render('auto', { sitekey: 'site-key' }),
         () => grecaptcha.render('no-such-element', { sitekey: 'site-key' }),
         () => grecaptcha.render(document.body, {}),
       ].map((attempt) => {
         try {
           attempt();
           return 'rendered';
         } catch (error) {
           return error.message;
         }
       })`,
    );
    expect(errors).toEqual([
      'reCAPTCHA has already been rendered in this element',
      'Invalid reCAPTCHA container',
      'Missing required parameters: sitekey',
    ]);
    await page.close();
  });
});
