import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { SESSION_COOKIE, type MembershipRole } from '@tourly/contracts';
import { Database, uuidv7, type RunningService } from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  internalHeaders,
  startTestService,
  testEnv,
} from '@tourly/platform/testing';
import { startEmulators } from '@tourly/emulators';
import { DEMO_PASSWORD, identity, seedDemoData } from '@tourly/identity';
import { hashPassword } from '../src/accounts/passwords';
import { sessionTokenFrom } from '../src/sessions/cookies';
import { SessionsService } from '../src/sessions/sessions.service';
import { startPlatform, withEmulators, type RunningPlatform } from '../../../infra/launcher/src/platform';

export interface SignedIn {
  cookie: string;
  csrfToken: string;
  body: Record<string, unknown>;
}

/** The emulated vendors identity talks to (captcha, mail), as its configuration names them. */
function vendorEnv(emulatorsUrl: string): Record<string, string> {
  return {
    CAPTCHA_VERIFY_URL: `${emulatorsUrl}/captcha/siteverify`,
    CAPTCHA_SECRET: 'test-captcha-secret',
    MAIL_API_URL: `${emulatorsUrl}/mail`,
    MAIL_API_TOKEN: 'test-mail-token',
  };
}

/**
 * The whole platform on NATS with the demo accounts, and a small web build, for identity's suites whose behaviour
 * spans services or the gateway (credentials at the gateway, CSRF, other services' events): identity is reached
 * the way browsers reach it, through the gateway.
 */
export async function startIdentityPlatform(extra: Record<string, string> = {}) {
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<html><head><title>app</title></head><body></body></html>',
  );
  const database = await createTestDatabase();
  const namespace = createTestNamespace();
  const emulators = await startEmulators({ port: 0 });
  const platform: RunningPlatform = await startPlatform(
    withEmulators(
      testEnv({
        databaseUrl: database.url,
        namespace: namespace.namespace,
        extra: {
          WEB_DIST: webDist,
          ...vendorEnv(emulators.url),
          // Every person of these suites signs in from one address; the limit has its own suite in the gateway.
          CREDENTIAL_RATE_LIMIT: '100000',
          ...extra,
        },
      }),
      emulators.url,
    ),
    'ephemeral',
  );
  await seedDemoData(platform.services.identity);
  return {
    platform,
    /** Where the vendor emulators listen (their own pages and test controls). */
    emulatorsUrl: emulators.url,
    ...harness(request(platform.gateway.url), platform.services.identity, emulators.url),
    async stop() {
      await platform.close();
      await emulators.close();
      await database.drop();
      await namespace.drop();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/**
 * Identity alone (a fresh database, NATS, the vendor emulators) with the demo accounts, for the suites of its own
 * behaviour. `http` stands in for the gateway's one part those suites need: a request carrying a session cookie
 * gets the internal token for the caller identity resolves the cookie to (as the gateway asks it over
 * `identity.credentials.resolve`). CSRF, rate limits and API keys at the gateway have their own suites.
 */
export async function startIdentity(extra: Record<string, string> = {}) {
  const emulators = await startEmulators({ port: 0 });
  const service = await startTestService(identity, { extra: { ...vendorEnv(emulators.url), ...extra } });
  await seedDemoData(service);
  const sessions = service.app.get(SessionsService);
  const withCaller = (call: request.Test): request.Test => {
    const send = call.end.bind(call);
    call.end = (callback) => {
      const token = sessionTokenFrom(call.get('cookie'));
      const caller = token ? sessions.resolve(token) : Promise.resolve({ caller: null });
      caller.then(
        (resolved) => {
          if (resolved.caller) void call.set(internalHeaders(resolved.caller));
          send(callback);
        },
        (error: unknown) => callback?.(error, undefined as unknown as request.Response),
      );
      return call;
    };
    return call;
  };
  const agent = request(service.url);
  const http = {
    get: (url: string) => withCaller(agent.get(url)),
    post: (url: string) => withCaller(agent.post(url)),
    put: (url: string) => withCaller(agent.put(url)),
    patch: (url: string) => withCaller(agent.patch(url)),
    delete: (url: string) => withCaller(agent.delete(url)),
  };
  return {
    ...harness(http, service, emulators.url),
    async stop() {
      await service.stop();
      await emulators.close();
    },
  };
}

type Http = Pick<ReturnType<typeof request>, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

/** What identity's suites do with a running identity, whichever way they reach it. */
function harness<H extends Http>(http: H, service: RunningService, emulatorsUrl: string) {
  const db = service.app.get(Database);
  return {
    http,
    /** Identity's own service: its database, its deliveries. */
    service,
    db,
    /** The emails the emulated mail API received for an address, newest first. */
    async mailbox(to: string): Promise<Array<{ subject: string; textBody: string }>> {
      const response = await fetch(`${emulatorsUrl}/mail/_messages?to=${encodeURIComponent(to)}`);
      return ((await response.json()) as { messages: Array<{ subject: string; textBody: string }> }).messages;
    },
    /** Emails leave after the answer (or from an event): wait, briefly, until `count` of them arrived. */
    async emailsTo(address: string, count: number) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mailbox = await this.mailbox(address);
        if (mailbox.length >= count || Date.now() > deadline) return mailbox;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    signIn(email: string, password = DEMO_PASSWORD, cookie?: string) {
      const call = http.post('/users/sign_in').send({ user: { email, password } });
      return cookie ? call.set('cookie', cookie) : call;
    },
    async signedIn(email: string): Promise<SignedIn> {
      const response = await this.signIn(email);
      if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
      return {
        cookie: sessionCookieOf(response),
        csrfToken: response.body.data.csrf_token,
        body: response.body.data,
      };
    },
    /** A provider with the given members, straight into identity's tables (a test builder). */
    async aProvider(
      name: string,
      members: Array<{ email: string; role: MembershipRole }> = [],
    ): Promise<string> {
      const id = uuidv7();
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO providers (id, name) VALUES ($1, $2)', [id, name]);
        for (const member of members) {
          await tx.query(
            `INSERT INTO memberships (user_id, provider_id, role)
             SELECT id, $2, $3 FROM users WHERE lower(email) = lower($1)`,
            [member.email, id, member.role],
          );
        }
      });
      return id;
    },
    /** A user with the demo password, a member of the given provider with the role (a test builder). */
    async aUser(email: string, membership?: { providerId: string; role: MembershipRole }): Promise<string> {
      const id = uuidv7();
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO users (id, email, first_name, last_name, password_hash, primary_provider_id)
           VALUES ($1, $2, 'Test', 'User', $3, $4)`,
          [id, email, passwordHash, membership?.providerId ?? null],
        );
        if (membership) {
          await tx.query('INSERT INTO memberships (user_id, provider_id, role) VALUES ($1, $2, $3)', [
            id,
            membership.providerId,
            membership.role,
          ]);
        }
      });
      return id;
    },
  };
}

export function sessionCookieOf(response: request.Response): string {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = header.find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie set');
  return cookie.split(';')[0];
}
