import request from 'supertest';
import { API_KEY_SCOPE, PEOPLE_PROFILES, type PeopleProfiles } from '@tourly/contracts';
import { IMPERSONATION_FORBIDDEN, RpcClient, UNSTORABLE_TEXT } from '@tourly/platform';
import { internalHeaders } from '@tourly/platform/testing';
import { API_KEY_FORBIDDEN } from '../src/accounts/api-key-limits';
import { sessionCookieOf, startIdentity, type SignedIn } from './support';

/**
 * The person's own profile (`GET` and `PATCH /users/me`): names and the phone number visitors see on tours where
 * they are an agent (001: "Agent (tour): fullName, phoneNumber, avatarUrl").
 */
describe('profile', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startIdentity();
    const provider = await it_.signedIn('provider@demo.test');
    demoMedia = (provider.body.current_provider as { id: string }).id;
  });
  afterAll(() => it_.stop());

  /** A fresh member of Demo Media, signed in, so each case starts from a profile of its own. */
  async function aMember(email: string): Promise<SignedIn & { id: string }> {
    const id = await it_.aUser(email, { providerId: demoMedia, role: 'member' });
    return { id, ...(await it_.signedIn(email)) };
  }
  const me = (user: SignedIn) => it_.http.get('/users/me').set('cookie', user.cookie);
  const update = (user: SignedIn, changes: unknown) =>
    it_.http.patch('/users/me').set('cookie', user.cookie).send({ user: changes });

  it('answers the signed-in user with their names and phone number (none yet)', async () => {
    const member = await aMember('profile-reader@demo.test');
    const response = await me(member);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      user_id: member.id,
      email: 'profile-reader@demo.test',
      first_name: 'Test',
      last_name: 'User',
      phone_number: null,
      role: 'member',
      staff_role: null,
      provider_id: demoMedia,
      impersonator_id: null,
      scopes: [],
    });
  });

  it('keeps the names and phone number sent, trimmed, and answers the updated user; GET shows them', async () => {
    const member = await aMember('profile-writer@demo.test');
    const response = await update(member, {
      first_name: '  Ada ',
      last_name: 'Lovelace  ',
      phone_number: ' +44 (20) 7946-0958 ',
    });
    expect(response.status).toBe(200);
    const expected = {
      user_id: member.id,
      email: 'profile-writer@demo.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '+44 (20) 7946-0958',
      role: 'member',
      staff_role: null,
      provider_id: demoMedia,
      impersonator_id: null,
      scopes: [],
    };
    expect(response.body.data).toEqual(expected);
    expect((await me(member)).body.data).toEqual(expected);
  });

  it('changes only the fields sent', async () => {
    const member = await aMember('profile-partial@demo.test');
    await update(member, { phone_number: '555 010 9999' });
    const renamed = await update(member, { first_name: 'Grace' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      first_name: 'Grace',
      last_name: 'User',
      phone_number: '555 010 9999',
    });
    const numbered = await update(member, { phone_number: '555.010.1234' });
    expect(numbered.body.data).toMatchObject({
      first_name: 'Grace',
      last_name: 'User',
      phone_number: '555.010.1234',
    });
  });

  it('clears the phone number with null or a blank one', async () => {
    const member = await aMember('profile-clearer@demo.test');
    for (const cleared of [null, '', '   ']) {
      expect((await update(member, { phone_number: '+1 555 010 9999' })).body.data.phone_number).toBe(
        '+1 555 010 9999',
      );
      const response = await update(member, { phone_number: cleared });
      expect({ cleared, status: response.status, phone: response.body.data.phone_number }).toEqual({
        cleared,
        status: 200,
        phone: null,
      });
      expect((await me(member)).body.data.phone_number).toBeNull();
    }
  });

  it('refuses each invalid field with a 422 under its name, and changes nothing', async () => {
    const member = await aMember('profile-invalid@demo.test');
    await update(member, { first_name: 'Ada', phone_number: '555 010 9999' });
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ first_name: '' }, { 'user.first_name': ['Required'] }],
      [{ first_name: '   ' }, { 'user.first_name': ['Required'] }],
      [{ first_name: null }, { 'user.first_name': ['Required'] }],
      [{ first_name: 'a'.repeat(101) }, { 'user.first_name': ['must be at most 100 characters'] }],
      [{ last_name: '' }, { 'user.last_name': ['Required'] }],
      [{ last_name: 42 }, { 'user.last_name': ['Required'] }],
      [{ last_name: 'b'.repeat(101) }, { 'user.last_name': ['must be at most 100 characters'] }],
      [{ phone_number: '12345' }, { 'user.phone_number': ['must be at least 6 characters'] }],
      [{ phone_number: '1'.repeat(31) }, { 'user.phone_number': ['must be at most 30 characters'] }],
      [
        { phone_number: '555-0199 ext 2' },
        { 'user.phone_number': ['may contain only digits, spaces and + - ( ) .'] },
      ],
      [{ phone_number: '(+1) - 5' }, { 'user.phone_number': ['must contain at least 6 digits'] }],
      [{ phone_number: 5550109999 }, { 'user.phone_number': ['must be text'] }],
      [{ first_name: 'A\u0000da' }, { 'user.first_name': [UNSTORABLE_TEXT] }],
      [
        { first_name: '', phone_number: 'call me' },
        {
          'user.first_name': ['Required'],
          'user.phone_number': ['may contain only digits, spaces and + - ( ) .'],
        },
      ],
    ];
    for (const [changes, errors] of cases) {
      const response = await update(member, changes);
      expect({ changes, status: response.status, body: response.body }).toEqual({
        changes,
        status: 422,
        body: { errors },
      });
    }
    for (const body of [{}, { user: 'Ada' }, { user: null }, { user: [] }]) {
      const response = await it_.http.patch('/users/me').set('cookie', member.cookie).send(body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
      expect(Object.keys(response.body.errors)).toEqual(['user']);
    }
    expect((await me(member)).body.data).toMatchObject({
      first_name: 'Ada',
      last_name: 'User',
      phone_number: '555 010 9999',
    });
    // Nothing sent, nothing changed.
    const unchanged = await update(member, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data).toMatchObject({
      first_name: 'Ada',
      last_name: 'User',
      phone_number: '555 010 9999',
    });
  });

  it('leaves every other user’s profile as it was', async () => {
    const first = await aMember('profile-first@demo.test');
    const second = await aMember('profile-second@demo.test');
    await update(second, { phone_number: '020 7946 0001' });
    await update(first, { first_name: 'Ada', phone_number: '020 7946 0002' });
    expect((await me(second)).body.data).toMatchObject({
      first_name: 'Test',
      phone_number: '020 7946 0001',
    });
    await update(first, { phone_number: null });
    expect((await me(second)).body.data.phone_number).toBe('020 7946 0001');
  });

  it('is for a signed-in person: 401 without a session', async () => {
    expect((await it_.http.get('/users/me')).status).toBe(401);
    const response = await it_.http.patch('/users/me').send({ user: { phone_number: '555 010 9999' } });
    expect(response.status).toBe(401);
  });

  it('refuses an admin impersonating the user (403), leaving the profile as it was', async () => {
    const owner = await it_.signedIn('provider@demo.test');
    const ownerId = (owner.body.user as { id: string }).id;
    await update(owner, { phone_number: '555 010 0000' });
    const admin = await it_.signedIn('admin@demo.test');
    const started = await it_.http
      .post('/admin/impersonations')
      .set('cookie', admin.cookie)
      .send({ provider_id: demoMedia });
    const impersonating = { cookie: sessionCookieOf(started), csrfToken: '', body: started.body.data };

    const seen = await me(impersonating);
    expect(seen.body.data).toMatchObject({ user_id: ownerId, phone_number: '555 010 0000' });
    const response = await update(impersonating, { first_name: 'Mallory', phone_number: '555 010 6666' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ errors: { base: [IMPERSONATION_FORBIDDEN] } });
    expect((await me(owner)).body.data).toMatchObject({
      first_name: (owner.body.user as { first_name: string }).first_name,
      phone_number: '555 010 0000',
    });
  });

  it('refuses an API key (403): a key is no person', async () => {
    const member = await aMember('profile-key-owner@demo.test');
    const response = await request(it_.service.url)
      .patch('/users/me')
      .set(
        internalHeaders({ userId: member.id, role: 'admin', providerId: demoMedia, scopes: [API_KEY_SCOPE] }),
      )
      .send({ user: { phone_number: '555 010 6666' } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ errors: { base: [API_KEY_FORBIDDEN] } });
    expect((await me(member)).body.data.phone_number).toBeNull();
  });

  it('gives the phone number in the people profiles other services ask for (the tour’s agents)', async () => {
    const agent = await aMember('profile-agent@demo.test');
    const colleague = await aMember('profile-colleague@demo.test');
    const client = await it_.aUser('profile-client@demo.test', {
      providerId: demoMedia,
      role: 'client_user',
    });
    await update(agent, { first_name: 'Ada', last_name: 'Agent', phone_number: '+1 (555) 010-4242' });
    const ask = () =>
      it_.service.app.get(RpcClient).ask<PeopleProfiles>(PEOPLE_PROFILES, {
        providerId: demoMedia,
        userIds: [agent.id, colleague.id, client],
      });

    expect((await ask()).people).toEqual([
      {
        userId: agent.id,
        fullName: 'Ada Agent',
        email: 'profile-agent@demo.test',
        phoneNumber: '+1 (555) 010-4242',
        avatarUrl: null,
      },
      {
        userId: colleague.id,
        fullName: 'Test User',
        email: 'profile-colleague@demo.test',
        phoneNumber: null,
        avatarUrl: null,
      },
    ]);
    await update(agent, { phone_number: '' });
    expect((await ask()).people[0]).toMatchObject({ userId: agent.id, phoneNumber: null });

    // The whole team (the weekly analytics report's recipients): every person of the provider, never its clients.
    const team = await it_.service.app
      .get(RpcClient)
      .ask<PeopleProfiles>(PEOPLE_PROFILES, { providerId: demoMedia, userIds: [], team: true });
    const emails = team.people.map((person) => person.email);
    expect(emails).toEqual(
      expect.arrayContaining(['profile-agent@demo.test', 'profile-colleague@demo.test']),
    );
    expect(emails).not.toContain('profile-client@demo.test');
  });
});
