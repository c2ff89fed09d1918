import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from '../../../test/support/platform';

/**
 * What the gateway answers browsers and the caches between them (issue 29): no answer carrying a person's or a
 * provider's data is stored.
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
});
