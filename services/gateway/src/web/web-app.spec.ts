import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from '@tourly/platform';
import { GatewayConfig, GOOGLE_RECAPTCHA_SCRIPT, STRIPE_JS_SCRIPT } from '../config';
import { WebApp, wantsPage, type PageContext, type WebAppOptions } from './web-app';

const SIGNED_IN: PageContext = { role: 'admin', staffRole: 'platform_admin', csrfToken: 'csrf-123' };

/** The page shells as the gateway serves them: meta tags and content security policy. */
describe('WebApp pages', () => {
  let dist: string;

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-app-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>app</title></head><body></body></html>');
    writeFileSync(path.join(dist, 'player.html'), '<html><head></head><body>player</body></html>');
  });

  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  async function page(pathname: string, options: WebAppOptions = {}, context = SIGNED_IN) {
    const web = WebApp.load(dist, options);
    const app = Fastify();
    app.get('/*', (request, reply) => web.sendPage(reply, request.url, context));
    const response = await app.inject({ method: 'GET', url: pathname });
    await app.close();
    return {
      html: response.body,
      csp: String(response.headers['content-security-policy']),
      headers: response.headers,
    };
  }

  function directive(csp: string, name: string): string[] {
    const found = csp.split('; ').find((part) => part.startsWith(`${name} `));
    return found ? found.split(' ').slice(1) : [];
  }

  it('writes the caller into the app shell, and allows no captcha or Stripe script without their settings', async () => {
    const { html, csp } = await page('/provider/properties');
    expect(html).toContain('<meta name="current-role" content="admin">');
    expect(html).toContain('<meta name="staff-role" content="platform_admin">');
    expect(html).toContain('<meta name="csrf-token" content="csrf-123">');
    expect(html).not.toMatch(/captcha|stripe/);
    expect(csp).toBe(
      "default-src 'self'; script-src 'self' https://static.matterport.com; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self' data:; " +
        "connect-src 'self' https:; " +
        'frame-src https://my.matterport.com; ' +
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    );
  });

  it('gives an anonymous visitor the captcha settings alone, and no tag for an unknown role', async () => {
    const captcha = { siteKey: 'site-key-1', scriptUrl: GOOGLE_RECAPTCHA_SCRIPT };
    const { html } = await page(
      '/users/sign_up',
      { captcha },
      {
        role: 'owner' as PageContext['role'],
        staffRole: null,
        csrfToken: null,
      },
    );
    expect(html).toContain('<meta name="captcha-site-key" content="site-key-1">');
    expect(html).toContain(
      '<meta name="captcha-script-url" content="https://www.google.com/recaptcha/api.js">',
    );
    expect(html).not.toMatch(/current-role|staff-role|csrf-token/);
  });

  it("allows Google reCAPTCHA's script, frames and requests as Google documents them", async () => {
    const { csp } = await page('/users/sign_up', {
      captcha: { siteKey: 'k', scriptUrl: GOOGLE_RECAPTCHA_SCRIPT },
    });
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'https://static.matterport.com',
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(directive(csp, 'frame-src')).toEqual(
      expect.arrayContaining([
        'https://www.google.com/recaptcha/',
        'https://recaptcha.google.com/recaptcha/',
      ]),
    );
    expect(directive(csp, 'connect-src')).toContain('https://www.google.com/recaptcha/');
  });

  it("allows another captcha script (the emulators') by its origin", async () => {
    const { csp } = await page('/users/sign_up', {
      captcha: { siteKey: 'k', scriptUrl: 'http://127.0.0.1:4010/captcha/api.js' },
    });
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(csp, name)).toContain('http://127.0.0.1:4010');
    }
  });

  it("gives the app Stripe's publishable key and script, allowing Stripe.js's sources as Stripe documents them", async () => {
    const { html, csp } = await page('/provider/billing', {
      stripe: { publishableKey: 'pk_test_abc123', scriptUrl: STRIPE_JS_SCRIPT },
    });
    expect(html).toContain('<meta name="stripe-publishable-key" content="pk_test_abc123">');
    expect(html).toContain('<meta name="stripe-js-url" content="https://js.stripe.com/v3">');
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'https://static.matterport.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directive(csp, 'frame-src')).toEqual([
      'https://my.matterport.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https:', 'https://api.stripe.com']);
  });

  it("allows another Stripe.js (the emulators') by its origin, beside the captcha's", async () => {
    const { html, csp } = await page('/provider/billing', {
      captcha: { siteKey: 'k', scriptUrl: GOOGLE_RECAPTCHA_SCRIPT },
      stripe: { publishableKey: 'pk_test_emulator', scriptUrl: 'http://127.0.0.1:4010/stripe-js/v3.js' },
    });
    expect(html).toContain('<meta name="stripe-js-url" content="http://127.0.0.1:4010/stripe-js/v3.js">');
    expect(html).toContain('<meta name="captcha-site-key" content="k">');
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(csp, name)).toContain('http://127.0.0.1:4010');
      expect(directive(csp, name).join(' ')).not.toContain('stripe.com');
    }
    expect(directive(csp, 'script-src')).toContain('https://www.gstatic.com/recaptcha/');
  });

  it('lets the app and the player show images and media from the configured origins (local storage in development), and the player read its 3D models there', async () => {
    const imageOrigins = ['http://127.0.0.1:4569', 'http://127.0.0.1:4010'];
    for (const pathname of ['/provider/properties', '/tours/demo/harbour-view']) {
      const { csp } = await page(pathname, { imageOrigins });
      expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', ...imageOrigins]);
      expect(directive(csp, 'media-src')).toEqual(["'self'", 'blob:', 'https:', ...imageOrigins]);
      // Staged models are fetched from storage by the Showcase SDK's loader: the player's and the staging editor's.
      expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https:', ...imageOrigins]);
    }
  });

  it("lets the app's pages read 3D models from the configured storage origins (the staging editor's SDK loader)", async () => {
    const imageOrigins = ['http://127.0.0.1:4569'];
    const { csp } = await page('/provider/properties/1/vt_staging/edit', { imageOrigins });
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https:', ...imageOrigins]);
  });

  it("lets the player and the app's editors in the scan (tour space, staging) load the configured Showcase SDK client", async () => {
    for (const pathname of ['/tours/demo/harbour-view', '/provider/properties/1/vt_staging/edit']) {
      const byDefault = await page(pathname);
      expect(directive(byDefault.csp, 'script-src')).toEqual(["'self'", 'https://static.matterport.com']);
    }
    const options = { showcaseSdkUrl: 'http://127.0.0.1:4010/matterport/showcase-sdk/latest.js' };
    for (const pathname of ['/tours/demo/harbour-view', '/provider/properties/1/virtual-tour/space']) {
      const configured = await page(pathname, options);
      expect(directive(configured.csp, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:4010']);
    }
  });

  it("preloads a tour's layers with the player's page, where the player will ask for them", async () => {
    expect((await page('/tours/harbour/view-apartment')).headers.link).toBe(
      '</digital_twin/harbour~view-apartment/layers/base.json>; rel=preload; as=fetch; crossorigin',
    );
    expect((await page('/tours/harbour/view-apartment/mls')).headers.link).toBe(
      '</digital_twin/harbour~view-apartment/layers/base.json?mls=1>; rel=preload; as=fetch; crossorigin',
    );
    for (const pathname of [
      '/tours/0195-provider/view-apartment/website',
      '/tours/harbour',
      '/provider/properties',
    ]) {
      expect((await page(pathname)).headers.link).toBeUndefined();
    }
  });

  it('escapes the settings it writes into the page', async () => {
    const { html } = await page('/users/sign_up', {
      captcha: {
        siteKey: '"><script>alert(1)</script>',
        scriptUrl: 'https://captcha.example/api.js?a=1&b=2',
      },
    });
    expect(html).toContain('content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    expect(html).toContain('content="https://captcha.example/api.js?a=1&#38;b=2"');
    expect(html).not.toContain('<script>alert');
  });

  it('leaves the captcha and Stripe out of the public player', async () => {
    const { html, csp } = await page('/tours/demo/abc', {
      captcha: { siteKey: 'k', scriptUrl: GOOGLE_RECAPTCHA_SCRIPT },
      stripe: { publishableKey: 'pk_live_abc', scriptUrl: STRIPE_JS_SCRIPT },
    });
    expect(html).toContain('player');
    expect(html).not.toMatch(/captcha|stripe/);
    expect(csp).not.toMatch(/recaptcha|stripe/);
    expect(csp).toContain('frame-ancestors *');
  });

  it('lets other sites embed a booking form, and no other page of the app', async () => {
    const form = await page('/book/harbour-media');
    expect(directive(form.csp, 'frame-ancestors')).toEqual(['*']);
    expect(form.headers['x-frame-options']).toBeUndefined();
    for (const pathname of ['/provider/bookings', '/book/harbour-media/extra', '/users/sign_in']) {
      const other = await page(pathname);
      expect([pathname, directive(other.csp, 'frame-ancestors')]).toEqual([pathname, ["'self'"]]);
      expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('lets the tour space frame the configured scan viewer, and nothing else', async () => {
    const pathname = '/provider/properties/1/virtual-tour/space';
    const { csp } = await page(pathname, { showcaseUrl: 'http://127.0.0.1:4010/matterport/show/' });
    expect(directive(csp, 'frame-src')).toEqual(['http://127.0.0.1:4010']);
    const byDefault = await page(pathname);
    expect(directive(byDefault.csp, 'frame-src')).toEqual(['https://my.matterport.com']);
  });

  it('lets the player frame the configured scan viewer and, for custom tags, https pages (videos, websites)', async () => {
    const { csp } = await page('/tours/demo/abc', { showcaseUrl: 'http://127.0.0.1:4010/matterport/show/' });
    expect(directive(csp, 'frame-src')).toEqual(['http://127.0.0.1:4010', 'https:']);
    const byDefault = await page('/tours/demo/abc');
    expect(directive(byDefault.csp, 'frame-src')).toEqual(['https://my.matterport.com', 'https:']);
  });

  it("lets the player's pages (a property's website) frame the app's own tour links, and the app's pages not", async () => {
    const options = {
      appUrl: 'https://app.tourly.test/',
      showcaseUrl: 'http://127.0.0.1:4010/matterport/show/',
    };
    const website = await page('/tours/0190a1b2-0000-7000-8000-000000000000/harbour-house/website', options);
    expect(directive(website.csp, 'frame-src')).toEqual([
      'http://127.0.0.1:4010',
      'https://app.tourly.test',
      'https:',
    ]);
    const app = await page('/provider/properties', options);
    expect(directive(app.csp, 'frame-src')).toEqual(['http://127.0.0.1:4010']);
  });
});

describe('GatewayConfig captcha and Stripe settings', () => {
  const required = {
    IDENTITY_URL: 'http://127.0.0.1:1',
    BILLING_URL: 'http://127.0.0.1:2',
    PROPERTIES_URL: 'http://127.0.0.1:3',
    ORDERS_URL: 'http://127.0.0.1:4',
    INTERNAL_TOKEN_SECRET: 'a-secret-long-enough-for-the-platform-0123456789',
  };

  it("has no site key by default, and Google's script", () => {
    const config = loadConfig(GatewayConfig, 'gateway', required);
    expect(config.CAPTCHA_SITE_KEY).toBeUndefined();
    expect(config.CAPTCHA_SCRIPT_URL).toBe('https://www.google.com/recaptcha/api.js');
  });

  it('takes a site key and another script', () => {
    const config = loadConfig(GatewayConfig, 'gateway', {
      ...required,
      CAPTCHA_SITE_KEY: 'demo-site-key',
      CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:4010/captcha/api.js',
    });
    expect(config.CAPTCHA_SITE_KEY).toBe('demo-site-key');
    expect(config.CAPTCHA_SCRIPT_URL).toBe('http://127.0.0.1:4010/captcha/api.js');
  });

  it('refuses a script address that is not an http(s) URL', () => {
    expect(() => loadConfig(GatewayConfig, 'gateway', { ...required, CAPTCHA_SCRIPT_URL: 'api.js' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(GatewayConfig, 'gateway', { ...required, STRIPE_JS_URL: 'v3.js' })).toThrow(
      ConfigError,
    );
  });

  it("has no publishable key by default, and Stripe's script", () => {
    const config = loadConfig(GatewayConfig, 'gateway', required);
    expect(config.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
    expect(config.STRIPE_JS_URL).toBe('https://js.stripe.com/v3');
  });

  it("takes a publishable key and the emulators' script, and refuses a secret key in its place", () => {
    const config = loadConfig(GatewayConfig, 'gateway', {
      ...required,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator',
      STRIPE_JS_URL: 'http://127.0.0.1:4010/stripe-js/v3.js',
    });
    expect(config.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_emulator');
    expect(config.STRIPE_JS_URL).toBe('http://127.0.0.1:4010/stripe-js/v3.js');
    expect(() =>
      loadConfig(GatewayConfig, 'gateway', { ...required, STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' }),
    ).toThrow(ConfigError);
  });
});

describe('wantsPage', () => {
  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it.each([
    ['GET', '/provider/properties', browser, true],
    ['HEAD', '/provider/settings/developers', browser, true],
    ['GET', '/provider/properties', 'application/json', false],
    ['POST', '/provider/properties', browser, false],
    ['GET', '/provider/billing/orders.csv', browser, false],
    // A vendor's OAuth callback and the API's docs are navigations the services (and the gateway) answer.
    ['GET', '/api/integrations/matterport/callback', browser, false],
    ['GET', '/api/docs', browser, false],
  ])('%s %s (accept %s) -> %s', (method, path, accept, page) => {
    expect(wantsPage(method, path, accept)).toBe(page);
  });
});
