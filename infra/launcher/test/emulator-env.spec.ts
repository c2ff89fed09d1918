import { SKETCHFAB_CALLBACK_PATH } from '@tourly/contracts';
import { ASSET_HOST_PACK_PATH, sketchfabUid, startEmulators, type RunningEmulators } from '@tourly/emulators';
import { EMULATOR_CAPTCHA_SITE_KEY, withEmulators } from '../src/platform';

/** What `npm start` hands the services and the gateway when it starts the vendor emulators itself. */
describe('the platform pointed at the emulators', () => {
  let emulators: RunningEmulators;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });

  afterAll(() => emulators.close());

  it('points the captcha (verifier, browser script, site key) and mail at routes the emulators answer', async () => {
    const env = withEmulators({ LOG_LEVEL: 'info' }, emulators.url);
    expect(env).toMatchObject({
      LOG_LEVEL: 'info',
      CAPTCHA_SITE_KEY: EMULATOR_CAPTCHA_SITE_KEY,
      CAPTCHA_SCRIPT_URL: `${emulators.url}/captcha/api.js`,
    });

    const script = await fetch(env.CAPTCHA_SCRIPT_URL as string);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    const verified = await fetch(env.CAPTCHA_VERIFY_URL as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: env.CAPTCHA_SECRET as string, response: 'a-token' }).toString(),
    });
    expect(await verified.json()).toMatchObject({ success: true });
    const mailed = await fetch(`${env.MAIL_API_URL}/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-postmark-server-token': env.MAIL_API_TOKEN as string,
      },
      body: JSON.stringify({ From: 'a@tourly.test', To: 'b@tourly.test', Subject: 'hi', TextBody: 'hi' }),
    });
    expect(mailed.status).toBe(200);
  });

  it('points billing and the pages at the Stripe emulator: test keys, test clocks, Stripe.js', async () => {
    const env = withEmulators({}, emulators.url);
    expect(env).toMatchObject({ STRIPE_API_URL: emulators.url, STRIPE_TEST_CLOCKS: 'true' });
    const { default: Stripe } = await import('stripe');
    const url = new URL(env.STRIPE_API_URL as string);
    const stripe = new Stripe(env.STRIPE_SECRET_KEY as string, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    expect((await stripe.customers.create({ name: 'Launcher check' })).id).toMatch(/^cus_/);
    expect(env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
    // The pages' Stripe.js: the emulators' stand-in, with a publishable key it takes.
    expect(env.STRIPE_PUBLISHABLE_KEY).toMatch(/^pk_test_/);
    const script = await fetch(env.STRIPE_JS_URL as string);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('window.Stripe = Stripe');
  });

  it("points the player's Showcase SDK at the emulators' client, with a key the Showcase stand-in takes", async () => {
    const env = withEmulators({}, emulators.url);
    expect(env.MATTERPORT_SDK_URL).toBe(`${emulators.url}/matterport/showcase-sdk/latest.js`);
    expect(env.MATTERPORT_SDK_KEY).toMatch(/^[A-Za-z0-9]{10,64}$/);
    const script = await fetch(env.MATTERPORT_SDK_URL as string);
    expect(await script.text()).toContain('window.MP_SDK = { connect: connect };');
  });

  it("points properties' Sketchfab imports at the emulator: its OAuth application, consent page and Data API", async () => {
    const env = withEmulators({}, emulators.url);
    const authorize = new URL(env.SKETCHFAB_OAUTH_AUTHORIZE_URL as string);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: env.SKETCHFAB_OAUTH_CLIENT_ID as string,
      redirect_uri: `http://localhost:8080${SKETCHFAB_CALLBACK_PATH}`,
      state: 'launcher-check',
    }).toString();
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Continue as Harbour Staging Co');
    // The application's credentials are the emulator's: a code that is not one is refused as a grant, not the client.
    const token = await fetch(env.SKETCHFAB_OAUTH_TOKEN_URL as string, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${env.SKETCHFAB_OAUTH_CLIENT_ID}:${env.SKETCHFAB_OAUTH_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'not-a-code' }),
    });
    expect(await token.json()).toEqual({ error: 'invalid_grant' });
    const model = await fetch(`${env.SKETCHFAB_API_URL}/v3/models/${sketchfabUid('Oak Dining Table')}`);
    expect(((await model.json()) as { name: string }).name).toBe('Oak Dining Table');
  });

  it("lets the staging assets' bulk upload read the emulators' asset host, and its pack there", async () => {
    const env = withEmulators({}, emulators.url);
    expect(env.STAGING_IMPORT_TRUSTED_ORIGINS).toBe(new URL(emulators.url).origin);
    const pack = await fetch(`${env.STAGING_IMPORT_TRUSTED_ORIGINS}/asset-host${ASSET_HOST_PACK_PATH}`);
    expect((await pack.text()).split('\n')[0]).toMatch(/^model_url,name,category,/);
    // An operator's own setting stays.
    const own = withEmulators({ STAGING_IMPORT_TRUSTED_ORIGINS: 'http://assets.internal' }, emulators.url);
    expect(own.STAGING_IMPORT_TRUSTED_ORIGINS).toBe('http://assets.internal');
  });

  it('leaves a vendor the environment configures alone, whole', () => {
    const env = withEmulators(
      { CAPTCHA_SITE_KEY: 'real-site-key', CAPTCHA_SECRET: 'real-secret', MAIL_API_TOKEN: '' },
      emulators.url,
    );
    expect(env.CAPTCHA_SITE_KEY).toBe('real-site-key');
    expect(env.CAPTCHA_SECRET).toBe('real-secret');
    // Google's verifier and script stay the services' defaults: never the emulator's with a real key.
    expect(env.CAPTCHA_VERIFY_URL).toBeUndefined();
    expect(env.CAPTCHA_SCRIPT_URL).toBeUndefined();
    // An empty setting configures nothing.
    expect(env.MAIL_API_URL).toBe(`${emulators.url}/mail`);
  });
});
