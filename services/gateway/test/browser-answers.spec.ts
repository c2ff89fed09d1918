import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLAYER_MESSAGES, tourPublicId } from '@tourly/contracts';
import { SIGN_IN_REQUIRED } from '@tourly/platform';
import { aProperty } from '../../properties/test/media-support';
import {
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from '../../../test/support/platform';

const CALLBACK = '/api/integrations/matterport/callback?code=c0de&state=st4te';
const SIGN_IN_BACK_TO_CALLBACK = `/users/sign_in?return_to=${encodeURIComponent(CALLBACK)}`;
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * What the gateway answers browsers and the caches between them (issue 29): no answer carrying a person's or a
 * provider's data is stored; a browser navigating to something that needs a session it does not have gets the
 * sign-in page with the way back, never raw JSON; and the app's pages opened under another name of the app's own
 * address (127.0.0.1 for localhost) send the browser to APP_URL first, where the session, the OAuth callbacks and the
 * mailed links are. The tests' APP_URL is the default, http://localhost:3000.
 */
describe('answers to browsers', () => {
  let it_: PlatformWithEmulators;
  let provider: Person;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<html><head></head><body>app shell</body></html>');
    writeFileSync(path.join(webDist, 'player.html'), '<html><head></head><body>player shell</body></html>');
    it_ = await startPlatformWithEmulators({ env: () => ({ WEB_DIST: webDist }) });
    provider = await it_.signUp('Cache Free Media');
  });
  afterAll(async () => {
    await it_?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('personal answers', () => {
    it.each([
      ['the profile', '/users/me'],
      ['the provider’s users', '/provider/settings/users'],
      ['the billing account', '/provider/billing/account'],
      ['the provider’s settings', '/provider/settings'],
    ])('never lets %s be stored (Cache-Control: no-store)', async (_what, path) => {
      const answer = await provider.get(path).set('accept', 'application/json');
      expect({ path, status: answer.status, cacheControl: answer.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cacheControl: 'no-store',
      });
    });

    it('never lets the answer to signing in be stored either, nor a refusal', async () => {
      const signedIn = await it_.http
        .post('/users/sign_in')
        .send({ user: { email: 'provider@demo.test', password: 'demo-password' } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      const refused = await it_.http.get('/users/me').set('accept', 'application/json');
      expect(refused.status).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it('keeps what a service says itself: the plan for five minutes in the browser alone', async () => {
      const plan = await provider.get('/provider/billing/service_plan_subscription');
      expect(plan.status).toBe(200);
      expect(plan.headers['cache-control']).toBe('private, max-age=300');
    });
  });

  describe('a browser navigating without a session', () => {
    it.each([
      ['asking for a page', { accept: BROWSER_ACCEPT }],
      ['saying it navigates', { accept: '*/*', 'sec-fetch-mode': 'navigate' }],
    ])('is sent to sign in and back, %s (Matterport’s callback)', async (_how, headers) => {
      const answer = await it_.http.get(CALLBACK).set(headers);
      expect({ status: answer.status, location: answer.headers.location }).toEqual({
        status: 302,
        location: SIGN_IN_BACK_TO_CALLBACK,
      });
      expect(answer.headers['content-type'] ?? '').not.toContain('json');
    });

    it('is sent to sign in and back from a file it opened (a referrals export), its session gone', async () => {
      const exported = '/admin/referrers/referrals_export.zip?start_date=2026-01-01';
      const answer = await it_.http
        .get(exported)
        .set({ accept: BROWSER_ACCEPT, cookie: 'tourly_session=ended' });
      expect({ status: answer.status, location: answer.headers.location }).toEqual({
        status: 302,
        location: `/users/sign_in?return_to=${encodeURIComponent(exported)}`,
      });
    });

    it('still gets the JSON refusal when it is the app asking (fetch), not a navigation', async () => {
      for (const headers of [
        { accept: 'application/json' },
        { accept: '*/*', 'sec-fetch-mode': 'cors' },
        { accept: 'text/html', 'sec-fetch-mode': 'cors' },
      ]) {
        const answer = await it_.http.get(CALLBACK).set(headers);
        expect({ headers, status: answer.status, body: answer.body }).toEqual({
          headers,
          status: 401,
          body: { errors: { base: [SIGN_IN_REQUIRED] } },
        });
      }
    });

    it('is not sent anywhere when the refusal is not about signing in (another service’s 404)', async () => {
      const answer = await it_.http.get('/api/integrations/matterport/nothing').set('accept', BROWSER_ACCEPT);
      expect(answer.status).not.toBe(302);
    });

    it('is told a tour’s password is wanted as the player is, not sent to sign in', async () => {
      await it_.propertiesDb.dataSource.query(
        `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
         VALUES ($1, 'vt_creator_plan', 'active', 100, now()) ON CONFLICT DO NOTHING`,
        [provider.providerId],
      );
      const propertyId = await aProperty(provider, 'Locked Loft');
      await provider
        .send('put', `/provider/properties/${propertyId}/published_features`, {
          published_features: { tour: true },
        })
        .expect(200);
      await provider
        .send('patch', `/provider/properties/${propertyId}/update_player_link_password`, {
          player_link: { username: 'visitor', password: 'harbour lights at dusk 42' },
        })
        .expect(200);
      const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
      const answer = await it_.http
        .get(`/digital_twin/${tourPublicId(link.client_slug, link.model_slug)}/layers/base.json`)
        .set('accept', BROWSER_ACCEPT);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 401,
        body: { errors: { base: [PLAYER_MESSAGES.passwordRequired] } },
      });
    });
  });

  describe('the app’s origin', () => {
    it.each(['127.0.0.1:3000', '[::1]:3000'])(
      'sends a page opened at %s to the same page on APP_URL before anything else',
      async (host) => {
        const answer = await it_.http
          .get('/users/sign_in?return_to=%2Fprovider%2Fsettings')
          .set({ host, accept: BROWSER_ACCEPT });
        expect({ status: answer.status, location: answer.headers.location }).toEqual({
          status: 302,
          location: 'http://localhost:3000/users/sign_in?return_to=%2Fprovider%2Fsettings',
        });
      },
    );

    it('serves the page itself on APP_URL’s host', async () => {
      const answer = await it_.http
        .get('/users/sign_in')
        .set({ host: 'localhost:3000', accept: BROWSER_ACCEPT });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('app shell');
    });

    it('leaves alone what is not the app’s pages, and other servers’ addresses', async () => {
      // The player's pages answer on every host (a provider's own among them).
      const player = await it_.http
        .get('/tours/abc/def')
        .set({ host: '127.0.0.1:3000', accept: BROWSER_ACCEPT });
      expect(player.status).toBe(200);
      expect(player.text).toContain('player shell');
      // The API answers where it is asked.
      const api = await it_.http.get('/users/me').set({ host: '127.0.0.1:3000', accept: 'application/json' });
      expect(api.status).toBe(401);
      // Another port is another server: not APP_URL's under another name.
      const elsewhere = await it_.http
        .get('/users/sign_in')
        .set({ host: '127.0.0.1:3999', accept: BROWSER_ACCEPT });
      expect(elsewhere.status).toBe(200);
    });
  });
});
