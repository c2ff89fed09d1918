import request from 'supertest';
import { RESOLVE_CREDENTIALS, SESSION_COOKIE, type ResolvedCredentials } from '@tourly/contracts';
import { Database, RpcClient, uuidv7 } from '@tourly/platform';
import { DEMO_PASSWORD } from '@tourly/identity';
import { CountersSweeper } from '../src/housekeeping/counters.sweeper';
import { sessionCookieOf, startIdentityPlatform } from './support';

/** Signing in and out with the session cookie, as a browser does it: through the gateway. */
describe('sessions through the gateway', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let http: ReturnType<typeof request>;
  const signIn = (email: string, password: string, cookie?: string) => it_.signIn(email, password, cookie);

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    http = it_.http;
  });
  afterAll(() => it_.stop());

  it('signs in: an httpOnly SameSite cookie, the user with role and current provider, a CSRF token', async () => {
    const response = await signIn('Provider@Demo.test ', DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      user: {
        email: 'provider@demo.test',
        first_name: 'Paula',
        last_name: 'Provider',
        role: 'admin',
        staff_role: null,
      },
      current_provider: { name: 'Demo Media' },
    });
    expect(response.body.data.csrf_token).toEqual(expect.any(String));
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // only in production

    const me = await http.get('/users/me').set('cookie', sessionCookieOf(response));
    expect(me.body.data).toMatchObject({ role: 'admin', user_id: response.body.data.user.id });
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrongPassword = await signIn('va@demo.test', 'not-the-password');
    const unknownEmail = await signIn('nobody@demo.test', 'not-the-password');
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ errors: { base: ['Invalid email or password.'] } });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates the sign-in body in the spec’s words', async () => {
    const response = await http.post('/users/sign_in').send({ user: { email: 'not-an-email' } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: { 'user.email': ['is not a valid email address'], 'user.password': ['Required'] },
    });
  });

  it('puts the role and CSRF token in the served page, and none for a visitor', async () => {
    const signedIn = await signIn('provider@demo.test', DEMO_PASSWORD);
    const page = await http
      .get('/provider/properties')
      .set('accept', 'text/html')
      .set('cookie', sessionCookieOf(signedIn));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="current-role" content="admin">');
    expect(page.text).toContain(`<meta name="csrf-token" content="${signedIn.body.data.csrf_token}">`);
    const visitor = await http.get('/provider/properties').set('accept', 'text/html');
    expect(visitor.text).not.toContain('current-role');
  });

  it('refuses an unsafe request made with the cookie but without the CSRF token', async () => {
    const signedIn = await signIn('supplier@demo.test', DEMO_PASSWORD);
    const cookie = sessionCookieOf(signedIn);
    const refused = await http.delete('/users/sign_out').set('cookie', cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      errors: { base: ['Your session could not be verified. Please reload the page and try again.'] },
    });
    const wrongToken = await http
      .delete('/users/sign_out')
      .set('cookie', cookie)
      .set('x-csrf-token', 'guess');
    expect(wrongToken.status).toBe(403);
    expect((await http.get('/users/me').set('cookie', cookie)).status).toBe(200);
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const signedIn = await signIn('va@demo.test', DEMO_PASSWORD);
    const cookie = sessionCookieOf(signedIn);
    expect((await http.get('/users/me').set('cookie', cookie)).body.data.staff_role).toBe(
      'virtual_assistant',
    );
    const out = await http
      .delete('/users/sign_out')
      .set('cookie', cookie)
      .set('x-csrf-token', signedIn.body.data.csrf_token);
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
    const after = await http.get('/users/me').set('cookie', cookie);
    expect(after.status).toBe(401);
  });

  it('starts a new session on every sign-in, ending the one presented (no session fixation)', async () => {
    const first = sessionCookieOf(await signIn('admin@demo.test', DEMO_PASSWORD));
    const second = sessionCookieOf(await signIn('admin@demo.test', DEMO_PASSWORD, first));
    expect(second).not.toBe(first);
    // Identity no longer knows the first session (the gateway's two-second cache aside).
    const resolved = await it_.platform.gateway.app
      .get(RpcClient)
      .ask<ResolvedCredentials>(RESOLVE_CREDENTIALS, { sessionToken: first.split('=')[1] });
    expect(resolved).toEqual({ caller: null, csrfToken: null });
    const stillSignedIn = await http.get('/users/me').set('cookie', second);
    expect(stillSignedIn.body.data.staff_role).toBe('platform_admin');
  });

  it('locks sign-in for an email after five failures, the same way whether or not it exists', async () => {
    for (const email of ['provider@demo.test', 'ghost@demo.test']) {
      for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(email, 'wrong')).status).toBe(401);
      const locked = await signIn(email, DEMO_PASSWORD);
      expect(locked.status).toBe(429);
      // What is left of the 15-minute window that began with the first failure.
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(locked.body).toEqual({
        errors: {
          base: ['Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.'],
        },
      });
    }
  });

  const signInFrom = (address: string, email: string, password: string) =>
    http.post('/users/sign_in').set('x-forwarded-for', address).send({ user: { email, password } });

  it('lets only five of many simultaneous guesses through before locking', async () => {
    await it_.aUser('raced@demo.test');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => signInFrom('198.51.100.30', 'raced@demo.test', 'wrong-guess')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await signInFrom('198.51.100.30', 'raced@demo.test', DEMO_PASSWORD)).status).toBe(429);
  });

  it('locks an email only for the address that guessed: its owner elsewhere still signs in', async () => {
    await it_.aUser('targeted@demo.test');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom('198.51.100.40', 'targeted@demo.test', 'wrong')).status).toBe(401);
    }
    expect((await signInFrom('198.51.100.40', 'targeted@demo.test', DEMO_PASSWORD)).status).toBe(429);
    expect((await signInFrom('203.0.113.41', 'targeted@demo.test', DEMO_PASSWORD)).status).toBe(200);
    // The guesser's address stays locked after the owner signed in elsewhere.
    expect((await signInFrom('198.51.100.40', 'targeted@demo.test', DEMO_PASSWORD)).status).toBe(429);
  });

  it('slows guessing one account from many addresses, and lets its owner in after the wait', async () => {
    await it_.aUser('spread@demo.test');
    const statuses: number[] = [];
    let firstSlowed: request.Response | undefined;
    for (let address = 0; address < 20; address++) {
      for (let guess = 0; guess < 5; guess++) {
        const answer = await signInFrom(`203.0.113.${100 + address}`, 'spread@demo.test', 'wrong-guess');
        statuses.push(answer.status);
        if (answer.status === 429) firstSlowed ??= answer;
      }
    }
    // Ten wrong passwords from anywhere, then each further attempt waits: 20 addresses x 5 guesses get ten through.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    expect(firstSlowed!.body).toEqual({
      errors: {
        base: [
          'Too many failed sign-ins to this account. Please wait 30 seconds and try again, or reset your password.',
        ],
      },
    });
    expect(Number(firstSlowed!.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(firstSlowed!.headers['retry-after'])).toBeLessThanOrEqual(30);
    // The owner, from an address of their own, waits too.
    expect((await signInFrom('198.51.100.77', 'spread@demo.test', DEMO_PASSWORD)).status).toBe(429);

    // Once the wait is over, one more guess is let through, and the next wait is longer.
    const db = it_.platform.services.identity.app.get(Database);
    const waitPasses = (seconds: number) =>
      db.dataSource.query(
        `UPDATE sign_in_account_failures SET last_failed_at = last_failed_at - make_interval(secs => $2)
          WHERE email = $1`,
        ['spread@demo.test', seconds],
      );
    await waitPasses(30);
    expect((await signInFrom('203.0.113.200', 'spread@demo.test', 'wrong-guess')).status).toBe(401);
    const longer = await signInFrom('203.0.113.201', 'spread@demo.test', 'wrong-guess');
    expect(longer.status).toBe(429);
    expect(longer.body.errors.base).toEqual([
      'Too many failed sign-ins to this account. Please wait 1 minute and try again, or reset your password.',
    ]);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Never a lock: after the wait the right password works, and the count starts again.
    await waitPasses(60);
    expect((await signInFrom('198.51.100.77', 'spread@demo.test', DEMO_PASSWORD)).status).toBe(200);
    expect((await signInFrom('203.0.113.202', 'spread@demo.test', 'wrong-guess')).status).toBe(401);
  });

  it('counts an IPv6 client by its /64: another address of the same network is the same guesser', async () => {
    await it_.aUser('ipv6@demo.test');
    for (let host = 1; host <= 5; host++) {
      expect((await signInFrom(`2001:db8:5:6::${host}`, 'ipv6@demo.test', 'wrong')).status).toBe(401);
    }
    const sameNetwork = await signInFrom('2001:db8:5:6:ffff::99', 'ipv6@demo.test', DEMO_PASSWORD);
    expect(sameNetwork.status).toBe(429);
    expect(sameNetwork.body.errors.base).toEqual([
      'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
    ]);
    expect((await signInFrom('2001:db8:5:7::1', 'ipv6@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuses a sign-in form another site posts (login CSRF), setting no cookie', async () => {
    for (const header of [
      ['origin', 'https://evil.example'],
      ['sec-fetch-site', 'cross-site'],
    ] as const) {
      const response = await http
        .post('/users/sign_in')
        .set(header[0], header[1])
        .type('form')
        .send(`user[email]=provider%40demo.test&user[password]=${DEMO_PASSWORD}`);
      expect(response.status).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // The sign-in page itself (same origin) goes on.
    const own = await http
      .post('/users/sign_in')
      .set('origin', new URL(it_.platform.gateway.url).origin)
      .set('sec-fetch-site', 'same-origin')
      .send({ user: { email: 'supplier@demo.test', password: DEMO_PASSWORD } });
    expect(own.status).toBe(200);
  });

  it('forgets counting windows that ended, keeping the ones still counting', async () => {
    const db = it_.platform.services.identity.app.get(Database);
    await db.dataSource.query(
      `INSERT INTO sign_in_attempts (email, address, attempts, window_started_at) VALUES
         ('old@sweep.test', '192.0.2.1', 5, now() - interval '16 minutes'),
         ('new@sweep.test', '192.0.2.1', 5, now() - interval '14 minutes')`,
    );
    await db.dataSource.query(
      `INSERT INTO sign_in_account_failures (email, failures, last_failed_at) VALUES
         ('old@sweep.test', 12, now() - interval '25 hours'), ('new@sweep.test', 12, now() - interval '23 hours')`,
    );
    await db.dataSource.query(
      `INSERT INTO rate_limit_windows (bucket, key, hits, window_started_at) VALUES
         ('credentials', '192.0.2.2', 40, now() - interval '2 hours'),
         ('credentials', '192.0.2.3', 40, now() - interval '30 seconds')`,
    );
    await db.dataSource.query(
      `INSERT INTO sign_up_requests (id, email, expires_at) VALUES
         ($1, 'old@sweep.test', now() - interval '2 days'), ($2, 'new@sweep.test', now() + interval '5 minutes')`,
      [uuidv7(), uuidv7()],
    );
    await it_.platform.services.identity.app.get(CountersSweeper).sweepNow();
    const left = await db.dataSource.query(
      `SELECT 'attempts' AS what, email AS key FROM sign_in_attempts WHERE email LIKE '%@sweep.test'
       UNION ALL SELECT 'failures', email FROM sign_in_account_failures WHERE email LIKE '%@sweep.test'
       UNION ALL SELECT 'windows', key FROM rate_limit_windows WHERE key LIKE '192.0.2.%'
       UNION ALL SELECT 'requests', email FROM sign_up_requests WHERE email LIKE '%@sweep.test'
       ORDER BY 1, 2`,
    );
    expect(left).toEqual([
      { what: 'attempts', key: 'new@sweep.test' },
      { what: 'failures', key: 'new@sweep.test' },
      { what: 'requests', key: 'new@sweep.test' },
      { what: 'windows', key: '192.0.2.3' },
    ]);
  });
});
