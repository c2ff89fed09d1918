import { DEMO_CLIENT_USER, demoUserId, seedDemoClientPortal } from '@tourly/identity';
import { Database, uuidv7 } from '@tourly/platform';
import { demoClientOf, seedDemoData as seedDemoProperties, seedDemoStagingLibrary } from '@tourly/properties';
import { demoStagingModels } from '../infra/launcher/src/demo';
import { eventually, nextDelivery } from '@tourly/platform/testing';
import {
  sessionCookieOf,
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from './support/platform';
import { aProperty, onStarter } from './support/provider';

/**
 * Client portals (issue 31) through the gateway, the whole platform on NATS: a provider on a paid plan invites a
 * client's contact into the client's portal (identity's invitation machinery, scoped to the client), the contact
 * accepts and reads exactly that client's properties. What it proves:
 *
 * - inviting: the contact's address only, once, on a paid plan (the free plan's 403 tells to upgrade), resend (a new
 *   link, the old one dead), revoke (410), expiry (410, listed expired), the other tenant's ids 404, each bad input a
 *   4xx in words with nothing changed; the team's routes neither list nor touch portal invitations;
 * - the membership carries the client: `identity.membership.changed.v1` with `provider_client_id`, on joining and
 *   on removal;
 * - isolation: the client user of client A gets 404 for client B's ids on every portal route, and is refused (403 or
 *   404) by every provider-side and back-office route of the API document; removed, it reaches no portal route.
 */
jest.setTimeout(60_000);

interface Email {
  subject: string;
  textBody: string;
}

describe('client portals', () => {
  let it_: PlatformWithEmulators;
  let identityDb: Database;
  let provider: Person;
  let other: Person;
  let free: Person;
  const a = { clientId: '', propertyId: '', email: '' };
  const b = { clientId: '', propertyId: '', email: '' };
  let clientUser: Person;

  const emailsTo = async (address: string, count = 1): Promise<Email[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(address)}`);
      const { messages } = (await response.json()) as { messages: Email[] };
      if (messages.length >= count) return messages;
      if (Date.now() > deadline)
        throw new Error(`${count} email(s) to ${address} expected, ${messages.length} came`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const tokenIn = (mail: Email) => /invitation_token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;
  const portal = (clientId: string) => `/provider/client_portal/clients/${clientId}`;

  /** A client with one contact and one property of the provider's. */
  async function aClient(person: Person, name: string, contactEmail: string) {
    const client = await person
      .send('post', '/provider/clients/create_from_dashboard', { client_form: { name } })
      .expect(201);
    await person
      .send('post', '/provider/contacts/create_from_dashboard', {
        contact: {
          full_name: `Agent of ${name}`,
          email_address: contactEmail,
          provider_client_id: client.body.data.id,
        },
      })
      .expect(201);
    const propertyId = await aProperty(person, `${name} house`);
    await person
      .send('patch', `/provider/properties/${propertyId}`, {
        property: { provider_client_id: client.body.data.id },
      })
      .expect(200);
    return { clientId: client.body.data.id as string, propertyId };
  }

  const openInvitations = async (clientId: string) =>
    (await provider.get(`${portal(clientId)}/invitations`).expect(200)).body.data.items as Array<{
      id: string;
      email: string;
      status: string;
    }>;

  const membershipEvents = async (userId: string) =>
    (
      (await identityDb.dataSource.query(
        `SELECT envelope -> 'data' AS data FROM outbox
          WHERE subject = 'identity.membership.changed.v1' AND envelope -> 'data' ->> 'user_id' = $1
          ORDER BY created_at, id`,
        [userId],
      )) as Array<{ data: Record<string, unknown> }>
    ).map((row) => row.data);

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators({ s3: true });
    identityDb = it_.platform.services.identity.app.get(Database);
    [provider, other, free] = await Promise.all([
      it_.signUp('Coast Media'),
      it_.signUp('Other Media'),
      it_.signUp('Free Media'),
    ]);
    await onStarter(it_, provider);
    await onStarter(it_, other);
    // Identity hears of the plan too (its permissions projection): the portal opens from then on.
    await eventually(
      async () => (await provider.get('/provider/permissions/publishing')).body.data?.client_portal,
      (open) => open === true,
      'identity hearing of the paid plan',
    );
    a.email = 'ana@harbour.test';
    b.email = 'ben@bayside.test';
    Object.assign(a, await aClient(provider, 'Harbour Realty', a.email));
    Object.assign(b, await aClient(provider, 'Bayside Homes', b.email));
  }, 180_000);

  afterAll(async () => {
    await it_?.stop();
  });

  describe('inviting a contact into the portal', () => {
    it('refuses each bad input in words, changing nothing', async () => {
      const cases: Array<[object, number, object]> = [
        [
          { invitation: { email: 'not-an-email' } },
          422,
          { 'invitation.email': ['is not a valid email address'] },
        ],
        [{ invitation: {} }, 422, { 'invitation.email': ['Required'] }],
        [
          { invitation: { email: b.email } },
          422,
          {
            'invitation.email': [
              "is not the e-mail address of one of this client's contacts: add the person to the client's contacts first",
            ],
          },
        ],
      ];
      for (const [body, status, errors] of cases) {
        const refused = await provider.send('post', `${portal(a.clientId)}/invitations`, body);
        expect({ status: refused.status, body: refused.body }).toEqual({ status, body: { errors } });
      }
      expect(await openInvitations(a.clientId)).toEqual([]);
    });

    it('answers 404 for another provider’s client, and for an id that is no id', async () => {
      for (const clientId of [a.clientId, 'not-an-id']) {
        const refused = await other.send('post', `${portal(clientId)}/invitations`, {
          invitation: { email: a.email },
        });
        expect({ status: refused.status, body: refused.body }).toEqual({
          status: 404,
          body: { errors: { base: ['Client not found'] } },
        });
      }
      const read = await other.get(`${portal(a.clientId)}/users`);
      expect(read.status).toBe(404);
      expect(await openInvitations(a.clientId)).toEqual([]);
    });

    it('on the free plan: builds and previews the portal, but inviting says to upgrade', async () => {
      const own = await aClient(free, 'Free Client', 'fay@free.test');
      const refused = await free.send('post', `${portal(own.clientId)}/invitations`, {
        invitation: { email: 'fay@free.test' },
      });
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 403,
        body: {
          errors: {
            base: [
              'Inviting clients into their portal comes with a paid plan. Upgrade your plan to invite them; until then you can build the portal and preview it.',
            ],
          },
        },
      });
      const listed = await free.get(`${portal(own.clientId)}/invitations`).expect(200);
      expect(listed.body.data.total_count).toBe(0);
      // The preview: what the client will see, on the free plan too.
      const preview = await free.get(`/provider/clients/${own.clientId}/portal/properties`).expect(200);
      expect(preview.body.data.items.map((p: { id: string }) => p.id)).toEqual([own.propertyId]);
      expect(preview.body.data.items[0]).toMatchObject({ tour_url: null, website_url: null });
      // Another provider's client previews nothing.
      expect((await free.get(`/provider/clients/${a.clientId}/portal/properties`)).status).toBe(404);
    });

    it('invites, refuses a second invitation, resends (the old link dies), keeps it out of the team’s lists', async () => {
      const invited = await provider.send('post', `${portal(a.clientId)}/invitations`, {
        invitation: { email: a.email },
      });
      expect(invited.status).toBe(201);
      expect(invited.body.data).toMatchObject({
        email: a.email,
        provider_client_id: a.clientId,
        status: 'pending',
      });
      const [mail] = await emailsTo(a.email, 1);
      expect(mail!.subject).toMatch(/invited you to your client portal with Coast Media on Tourly$/);
      const first = tokenIn(mail!);
      const checked = await it_.http
        .post('/users/invitation/check')
        .send({ invitation: { invitation_token: first } })
        .expect(200);
      expect(checked.body.data).toMatchObject({ email: a.email, role: 'client_user', has_account: false });

      const again = await provider.send('post', `${portal(a.clientId)}/invitations`, {
        invitation: { email: a.email },
      });
      expect({ status: again.status, body: again.body }).toEqual({
        status: 422,
        body: { errors: { 'invitation.email': ['already has a pending invitation; resend or revoke it'] } },
      });

      // The team's own routes neither list nor resend nor revoke it.
      const team = await provider.get('/provider/settings/team/invitations').expect(200);
      expect(team.body.data.items).toEqual([]);
      const id = invited.body.data.id as string;
      expect((await provider.send('post', `/provider/settings/team/invitations/${id}/resend`)).status).toBe(
        404,
      );
      expect((await provider.send('delete', `/provider/settings/team/invitations/${id}`)).status).toBe(404);
      // Nor another client's portal, nor another provider.
      expect((await provider.send('post', `${portal(b.clientId)}/invitations/${id}/resend`)).status).toBe(
        404,
      );
      expect((await other.send('post', `${portal(a.clientId)}/invitations/${id}/resend`)).status).toBe(404);
      expect((await other.send('delete', `${portal(a.clientId)}/invitations/${id}`)).status).toBe(404);

      const resent = await provider
        .send('post', `${portal(a.clientId)}/invitations/${id}/resend`)
        .expect(200);
      expect(resent.body.data.id).toBe(id);
      // The mail emulator answers newest first.
      const [newest] = await emailsTo(a.email, 2);
      expect(tokenIn(newest!)).not.toBe(first);
      const old = await it_.http
        .post('/users/invitation/check')
        .send({ invitation: { invitation_token: first } });
      expect(old.status).toBe(404);
      expect((await openInvitations(a.clientId)).map((i) => i.id)).toEqual([id]);
    });

    it('expires after 7 days (the link says so, the list shows it) and a revoked link answers 410', async () => {
      const invitations = await openInvitations(a.clientId);
      const id = invitations[0]!.id;
      const [newest] = await emailsTo(a.email, 2);
      const token = tokenIn(newest!);
      await identityDb.dataSource.query(
        `UPDATE team_invitations SET expires_at = '2026-11-01T09:00:00Z' WHERE id = $1`,
        [id],
      );
      const expired = await it_.http
        .post('/users/invitation/check')
        .send({ invitation: { invitation_token: token } });
      expect({ status: expired.status, body: expired.body }).toEqual({
        status: 410,
        body: {
          errors: {
            base: [
              'This invitation expired on 2026-11-01. Ask an admin of Coast Media to send you a new invitation.',
            ],
          },
        },
      });
      expect((await openInvitations(a.clientId)).map((i) => i.status)).toEqual(['expired']);

      await provider.send('delete', `${portal(a.clientId)}/invitations/${id}`).expect(200);
      const revoked = await it_.http
        .post('/users/invitation/check')
        .send({ invitation: { invitation_token: token } });
      expect(revoked.status).toBe(410);
      expect(revoked.body.errors.base[0]).toMatch(
        /^This invitation was withdrawn by an admin of Coast Media\./,
      );
      expect(await openInvitations(a.clientId)).toEqual([]);
      expect((await provider.send('delete', `${portal(a.clientId)}/invitations/${id}`)).status).toBe(404);
    });

    it('the contact accepts (a new account) into the portal: a client user of that client, published as such', async () => {
      await provider
        .send('post', `${portal(a.clientId)}/invitations`, { invitation: { email: a.email } })
        .expect(201);
      const [newest] = await emailsTo(a.email, 3);
      const joined = await it_.http.post('/users/invitation/sign_up').send({
        invitation: {
          invitation_token: tokenIn(newest!),
          first_name: 'Ana',
          last_name: 'Ng',
          password: 'a long portal password',
        },
      });
      expect(joined.status).toBe(201);
      expect(joined.body.data.user.role).toBe('client_user');
      const cookie = sessionCookieOf(joined);
      const csrf = joined.body.data.csrf_token as string;
      clientUser = {
        cookie,
        csrfToken: csrf,
        providerId: provider.providerId,
        get: (path) => it_.http.get(path).set('cookie', cookie),
        send: (method, path, body) => {
          const call = it_.http[method](path).set('cookie', cookie).set('x-csrf-token', csrf);
          return body ? call.send(body) : call;
        },
      };
      const userId = joined.body.data.user.id as string;
      expect(await membershipEvents(userId)).toEqual([
        {
          provider_id: provider.providerId,
          user_id: userId,
          role: 'client_user',
          provider_client_id: a.clientId,
        },
      ]);
      const users = await provider.get(`${portal(a.clientId)}/users`).expect(200);
      expect(users.body.data.items).toEqual([
        expect.objectContaining({ user_id: userId, email: a.email, first_name: 'Ana', last_name: 'Ng' }),
      ]);
      expect((await provider.get(`${portal(b.clientId)}/users`).expect(200)).body.data.items).toEqual([]);
      // Not on the team.
      const team = await provider.get('/provider/settings/team/members').expect(200);
      expect(team.body.data.items.map((m: { email: string }) => m.email)).not.toContain(a.email);
    });
  });

  describe('isolation: the client user of client A', () => {
    it('reads its own client’s portal', async () => {
      expect((await clientUser.get('/portal/provider').expect(200)).body.data).toMatchObject({
        id: provider.providerId,
        name: 'Coast Media',
      });
      expect((await clientUser.get('/portal/client').expect(200)).body.data).toMatchObject({
        id: a.clientId,
        name: 'Harbour Realty',
      });
      const properties = await clientUser.get('/portal/properties').expect(200);
      expect(properties.body.data).toMatchObject({ total_count: 1, current_page: 1 });
      expect(properties.body.data.items.map((p: { id: string }) => p.id)).toEqual([a.propertyId]);
      await clientUser.get(`/portal/properties/${a.propertyId}`).expect(200);
      expect(
        (await clientUser.get(`/portal/properties/${a.propertyId}/floorplans`).expect(200)).body.data,
      ).toEqual([]);
      await clientUser.get(`/portal/properties/${a.propertyId}/documents`).expect(200);
    });

    it('sees its own client’s bookings, never another client’s (which the provider’s preview of that client shows)', async () => {
      // A booking client B's agent made and the provider accepted (a test builder: straight into the table).
      const bookingId = uuidv7();
      await it_.propertiesDb.dataSource.query(
        `INSERT INTO bookings (id, provider_id, status, starts_at, ends_at, time_zone, assigned_user_id, services,
                               total_cents, currency, address, formatted_address, latitude, longitude, access_type,
                               full_name, email_address, provider_client_id)
         VALUES ($1, $2, 'accepted', now() + interval '3 days', now() + interval '3 days 1 hour', 'UTC', $3,
                 '[{"id": "${uuidv7()}", "name": "3D scan", "durationMinutes": 60, "priceCents": 25000}]',
                 25000, 'aud', '5 Bay Road', '5 Bay Road, Sydney NSW, Australia', -33.8, 151.2, 'on_site',
                 'Ben Other', 'ben@other.example', $4)`,
        [bookingId, provider.providerId, uuidv7(), b.clientId],
      );
      const own = await clientUser.get('/portal/bookings').expect(200);
      expect(own.body.data).toMatchObject({ total_count: 0, items: [] });
      const preview = await provider.get(`/provider/clients/${b.clientId}/portal/bookings`).expect(200);
      expect(preview.body.data.items).toEqual([
        expect.objectContaining({
          id: bookingId,
          status: 'accepted',
          full_name: 'Ben Other',
          total_cents: 25000,
        }),
      ]);
      expect(preview.body.data.items[0]).not.toHaveProperty('provider_notes');
      expect((await other.get(`/provider/clients/${b.clientId}/portal/bookings`)).status).toBe(404);
    });

    it.each(['', '/floorplans', '/documents'])(
      'gets 404 for client B’s property on GET /portal/properties/{id}%s, and for ids that name nothing',
      async (tail) => {
        for (const id of [b.propertyId, '0190f1c2-0000-7000-8000-000000000000', 'not-an-id']) {
          const refused = await clientUser.get(`/portal/properties/${id}${tail}`);
          expect({ status: refused.status, body: refused.body }).toEqual({
            status: 404,
            body: { errors: { base: ['Property not found'] } },
          });
        }
      },
    );

    it('is refused by every provider-side and back-office route of the API document (403 or 404), changing nothing', async () => {
      const document = (await it_.apiDocument()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const theirs = /^\/(provider|admin|virtual_assistant|external_supplier)\//;
      // The caller's own account, not a provider's records: switching between its providers, its own onboarding
      // flags and sign-up survey (kept per person), what its own role may do, and ending its own impersonation.
      const ownAccount =
        /^\/provider\/(access\/|onboarding|surveys$|permissions\/account$)|^\/admin\/impersonations\/current$/;
      const answered: string[] = [];
      let tried = 0;
      for (const [template, operations] of Object.entries(document.paths)) {
        if (!theirs.test(template) || ownAccount.test(template)) continue;
        const path = template.replace(/\{client_id\}/g, b.clientId).replace(/\{[^}]+\}/g, b.propertyId);
        for (const method of Object.keys(operations)) {
          if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
          tried++;
          const response =
            method === 'get'
              ? await clientUser.get(path)
              : await clientUser.send(method as 'post' | 'put' | 'patch' | 'delete', path, {});
          if (response.status !== 403 && response.status !== 404)
            answered.push(`${method.toUpperCase()} ${template} -> ${response.status}`);
        }
      }
      expect(tried).toBeGreaterThan(200);
      expect(answered).toEqual([]);
      // Client B's portal users and rows are as they were.
      expect((await provider.get(`${portal(b.clientId)}/users`).expect(200)).body.data.items).toEqual([]);
      await provider.get(`/provider/properties/${b.propertyId}`).expect(200);
    });

    it('the provider’s people are refused the portal routes: the portal is the client users’', async () => {
      for (const path of ['/portal/provider', '/portal/client', '/portal/properties', '/portal/bookings']) {
        expect((await provider.get(path)).status).toBe(403);
      }
    });

    it('removed from the portal, reaches no portal route (and the removal is published)', async () => {
      const users = await provider.get(`${portal(a.clientId)}/users`).expect(200);
      const userId = users.body.data.items[0].user_id as string;
      expect((await other.send('delete', `${portal(a.clientId)}/users/${userId}`)).status).toBe(404);
      expect((await provider.send('delete', `${portal(b.clientId)}/users/${userId}`)).status).toBe(404);
      await provider.send('delete', `${portal(a.clientId)}/users/${userId}`).expect(200);
      expect((await membershipEvents(userId)).at(-1)).toEqual({
        provider_id: provider.providerId,
        user_id: userId,
        role: null,
        provider_client_id: a.clientId,
      });
      await eventually(
        async () => (await clientUser.get('/portal/properties')).status,
        (status) => status === 403,
        'the removal holding from the gateway’s next lookup',
      );
      expect((await provider.get(`${portal(a.clientId)}/users`).expect(200)).body.data.items).toEqual([]);
    });
  });

  describe('a client deleted', () => {
    it('ends its portal users’ access and revokes its open invitations (each removal published)', async () => {
      const cove = await aClient(provider, 'Cove Estates', 'cara@cove.test');
      await provider
        .send('post', `${portal(cove.clientId)}/invitations`, { invitation: { email: 'cara@cove.test' } })
        .expect(201);
      const [mail] = await emailsTo('cara@cove.test');
      const joined = await it_.http.post('/users/invitation/sign_up').send({
        invitation: {
          invitation_token: tokenIn(mail!),
          first_name: 'Cara',
          last_name: 'Cove',
          password: 'a long portal password',
        },
      });
      expect(joined.status).toBe(201);
      const cookie = sessionCookieOf(joined);
      const caraId = joined.body.data.user.id as string;
      await it_.http.get('/portal/properties').set('cookie', cookie).expect(200);
      // A second contact invited, not yet accepted.
      await provider
        .send('post', '/provider/contacts/create_from_dashboard', {
          contact: {
            full_name: 'Cal Cove',
            email_address: 'cal@cove.test',
            provider_client_id: cove.clientId,
          },
        })
        .expect(201);
      await provider
        .send('post', `${portal(cove.clientId)}/invitations`, { invitation: { email: 'cal@cove.test' } })
        .expect(201);
      const [calMail] = await emailsTo('cal@cove.test');

      const handled = nextDelivery(it_.platform.services.identity, 'properties.client.deleted.v1');
      await provider.send('delete', `/provider/clients/${cove.clientId}`).expect(200);
      await handled;

      expect((await membershipEvents(caraId)).at(-1)).toEqual({
        provider_id: provider.providerId,
        user_id: caraId,
        role: null,
        provider_client_id: cove.clientId,
      });
      await eventually(
        async () => (await it_.http.get('/portal/properties').set('cookie', cookie)).status,
        (status) => status === 403,
        'the removal holding from the gateway’s next lookup',
      );
      const withdrawn = await it_.http
        .post('/users/invitation/check')
        .send({ invitation: { invitation_token: tokenIn(calMail!) } });
      expect(withdrawn.status).toBe(410);
    });
  });

  describe('the demo', () => {
    it('seeds the demo client’s agent as its portal user, once: Ana Ng signs in to Harbour Realty’s portal', async () => {
      const demo = await it_.signIn('provider@demo.test');
      const { properties, identity } = it_.platform.services;
      expect(await seedDemoProperties(properties, demo.providerId)).toBeGreaterThan(1);
      const clientId = await demoClientOf(properties, demo.providerId);
      expect(clientId).not.toBeNull();
      expect(await seedDemoClientPortal(identity, demo.providerId, clientId!)).toBe(true);
      expect(await seedDemoClientPortal(identity, demo.providerId, clientId!)).toBe(false);

      const ana = await it_.signIn(DEMO_CLIENT_USER.email);
      expect((await ana.get('/users/me').expect(200)).body.data).toMatchObject({
        role: 'client_user',
        provider_id: demo.providerId,
      });
      expect((await ana.get('/portal/client').expect(200)).body.data).toMatchObject({
        name: 'Harbour Realty',
      });
      expect((await ana.get('/portal/properties').expect(200)).body.data.total_count).toBe(2);
      // The demo bookings the provider accepted are the client's (the one waiting for an answer is not linked yet).
      const bookings = (await ana.get('/portal/bookings').expect(200)).body.data.items;
      expect(bookings.map((booking: { status: string }) => booking.status)).toEqual([
        'accepted',
        'completed',
      ]);
      expect((await ana.get('/provider/properties')).status).toBe(403);
      const users = await demo.get(`/provider/client_portal/clients/${clientId}/users`).expect(200);
      expect(users.body.data.items.map((u: { email: string }) => u.email)).toEqual([DEMO_CLIENT_USER.email]);
    });

    it('fills the staging library with the emulated catalogue’s models that staging may use, once, each drawn and credited', async () => {
      const { properties, identity } = it_.platform.services;
      const administratorId = await demoUserId(identity, 'admin@demo.test');
      expect(administratorId).not.toBeNull();
      const models = await demoStagingModels();
      const stageable = models.filter((model) => ['cc0', 'by', 'by-sa', 'st'].includes(model.licenseSlug));
      expect(stageable.length).toBeGreaterThan(2);
      expect(stageable.length).toBeLessThan(models.length);
      expect(await seedDemoStagingLibrary(properties, administratorId!, async () => models)).toBe(
        stageable.length,
      );
      // Once: the second start finds the library filled and does not make the models at all.
      const made = jest.fn(async () => models);
      expect(await seedDemoStagingLibrary(properties, administratorId!, made)).toBe(0);
      expect(made).not.toHaveBeenCalled();

      const admin = await it_.signIn('admin@demo.test');
      const library = (await admin.get('/admin/vt_staging/assets.json?page_size=50').expect(200)).body.data;
      expect(library.items.map((asset: { name: string }) => asset.name).sort()).toEqual(
        stageable.map((model) => model.name).sort(),
      );
      for (const asset of library.items) {
        expect(asset).toMatchObject({ library: 'platform', archived_at: null });
        expect(asset.thumbnail_url).toEqual(expect.stringContaining('/thumbnail.webp'));
        expect(asset.credit.license.label).toEqual(expect.any(String));
      }
      const logs = (await admin.get('/admin/vt_staging/asset/logs.json?page_size=50').expect(200)).body.data;
      expect(new Set(logs.items.map((log: { actor_user_id: string }) => log.actor_user_id))).toEqual(
        new Set([administratorId]),
      );
      // The demo provider's staging library is the platform's.
      const demo = await it_.signIn('provider@demo.test');
      const seen = (await demo.get('/provider/vt_staging/assets.json').expect(200)).body.data;
      expect(seen.total_count).toBe(stageable.length);
    });
  });
});
