import { startIdentity, sessionCookieOf, type SignedIn } from './support';

/** The provider's team (issue 31): invitations by email, accepting them, roles, and never losing the last admin. */
describe('team and invitations', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;

  beforeAll(async () => {
    it_ = await startIdentity();
  });
  afterAll(() => it_.stop());

  const as = (who: SignedIn) => ({
    get: (url: string) => it_.http.get(url).set('cookie', who.cookie),
    post: (url: string, body?: object) =>
      it_.http.post(url).set('cookie', who.cookie).set('x-csrf-token', who.csrfToken).send(body),
    patch: (url: string, body: object) =>
      it_.http.patch(url).set('cookie', who.cookie).set('x-csrf-token', who.csrfToken).send(body),
    delete: (url: string) =>
      it_.http.delete(url).set('cookie', who.cookie).set('x-csrf-token', who.csrfToken),
  });
  const TEAM = '/provider/settings/team';
  const tokenIn = (text: string) => /invitation_token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  const check = (token: string) =>
    it_.http.post('/users/invitation/check').send({ invitation: { invitation_token: token } });
  const signUp = (token: string, extra: object = {}) =>
    it_.http.post('/users/invitation/sign_up').send({
      invitation: {
        invitation_token: token,
        first_name: 'Tess',
        last_name: 'Tech',
        password: 'Quiet harbour lanterns 1987',
        ...extra,
      },
    });
  const accept = (token: string, password?: string, cookie?: string) => {
    const call = it_.http.post('/users/invitation/accept');
    if (cookie) call.set('cookie', cookie);
    return call.send({ invitation: { invitation_token: token, ...(password ? { password } : {}) } });
  };
  const invitationRows = async (providerId: string) =>
    (
      await it_.db.dataSource.query(
        'SELECT email, role, accepted_at, revoked_at FROM team_invitations WHERE provider_id = $1 ORDER BY created_at',
        [providerId],
      )
    ).length as number;

  /** A provider with its own admin, signed in. */
  async function aTeam(name: string) {
    const slug = name.toLowerCase().replace(/\W+/g, '-');
    const providerId = await it_.aProvider(name);
    await it_.aUser(`owner@${slug}.test`, { providerId, role: 'admin' });
    const admin = await it_.signedIn(`owner@${slug}.test`);
    return { providerId, admin, slug };
  }

  async function invite(admin: SignedIn, email: string, role = 'scan_technician') {
    const sent = await as(admin).post(`${TEAM}/invitations`, { invitation: { email, role } });
    expect(sent.status).toBe(201);
    const mails = await it_.emailsTo(email.toLowerCase(), 1);
    return { invitation: sent.body.data, token: tokenIn(mails[0].textBody), email: mails[0] };
  }

  it('emails a link that creates the account and lands it in the team with its role, once', async () => {
    const { providerId, admin, slug } = await aTeam('Harbour Photography');
    const { invitation, token, email } = await invite(admin, 'Tess@Example.test');
    expect(invitation).toEqual({
      id: expect.any(String),
      email: 'tess@example.test',
      role: 'scan_technician',
      status: 'pending',
      invited_by: 'Test User',
      created_at: expect.any(String),
      sent_at: expect.any(String),
      expires_at: expect.any(String),
    });
    const days = (Date.parse(invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(email.subject).toBe('Test User invited you to join Harbour Photography on Tourly');
    expect(email.textBody).toContain('as a scan technician');
    expect(email.textBody).toContain(
      `http://localhost:3000/users/invitation/accept?invitation_token=${token}`,
    );

    const checked = await check(token);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toEqual({
      email: 'tess@example.test',
      role: 'scan_technician',
      provider: { id: providerId, name: 'Harbour Photography' },
      invited_by: 'Test User',
      expires_at: invitation.expires_at,
      has_account: false,
    });
    // A new account needs what sign-up needs: names and a password nobody guesses.
    const weak = await signUp(token, { password: 'password', first_name: '' });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body.errors).sort()).toEqual(['invitation.first_name', 'invitation.password']);
    // Accepting with a password needs an account.
    expect((await accept(token, 'whatever-it-is')).body).toEqual({
      errors: {
        base: ['This email has no Tourly account yet. Choose your name and a password to create one.'],
      },
    });

    const joined = await signUp(token);
    expect(joined.status).toBe(201);
    expect(joined.body.data).toEqual({
      user: {
        id: expect.any(String),
        email: 'tess@example.test',
        first_name: 'Tess',
        last_name: 'Tech',
        role: 'scan_technician',
        staff_role: null,
      },
      current_provider: { id: providerId, name: 'Harbour Photography' },
      csrf_token: expect.any(String),
    });
    const me = await it_.http.get('/users/me').set('cookie', sessionCookieOf(joined));
    expect(me.body.data).toMatchObject({ role: 'scan_technician', provider_id: providerId });
    // The account signs in there next time too.
    const again = await it_.signIn('tess@example.test', 'Quiet harbour lanterns 1987');
    expect(again.body.data.current_provider).toEqual({ id: providerId, name: 'Harbour Photography' });

    const team = await as(admin).get(`${TEAM}/members`);
    expect(team.body.data).toMatchObject({ total_count: 2, current_page: 1, total_pages: 1 });
    expect(team.body.data.items.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['tess@example.test', 'scan_technician'],
      [`owner@${slug}.test`, 'admin'],
    ]);
    expect((await as(admin).get(`${TEAM}/invitations`)).body.data.total_count).toBe(0);

    const reused = await check(token);
    expect({ status: reused.status, body: reused.body }).toEqual({
      status: 410,
      body: {
        errors: {
          base: [
            'This invitation has already been used. Sign in to work in Harbour Photography, or ask an admin of Harbour Photography to send you a new invitation.',
          ],
        },
      },
    });
    expect((await signUp(token, { password: 'Another quiet harbour 1988' })).status).toBe(410);
  });

  it('an existing account accepts by signing in, or at once when it is the one signed in', async () => {
    const { providerId, admin } = await aTeam('Coast Media');
    await it_.aUser('dual@example.test');
    const { token } = await invite(admin, 'dual@example.test', 'member');
    expect((await check(token)).body.data.has_account).toBe(true);
    expect((await signUp(token)).body).toEqual({
      errors: { base: ['This email already has a Tourly account. Sign in with its password to accept.'] },
    });
    expect((await accept(token)).body).toEqual({ errors: { 'invitation.password': ['Required'] } });
    const wrong = await accept(token, 'not-the-password');
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 401,
      body: { errors: { base: ['Invalid email or password.'] } },
    });
    // Nothing changed: the link still works.
    expect((await check(token)).status).toBe(200);
    const accepted = await accept(token, 'demo-password');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.current_provider).toEqual({ id: providerId, name: 'Coast Media' });
    expect(accepted.body.data.user.role).toBe('member');

    // Signed in as the invited account: no password asked.
    await it_.aUser('signed-in@example.test');
    const person = await it_.signedIn('signed-in@example.test');
    const second = await invite(admin, 'signed-in@example.test', 'admin');
    const direct = await accept(second.token, undefined, person.cookie);
    expect(direct.status).toBe(200);
    expect(direct.body.data.user.role).toBe('admin');
    // Someone else signed in still needs the invited account's password.
    const third = await invite(admin, 'third@example.test');
    await it_.aUser('third@example.test');
    expect((await accept(third.token, undefined, person.cookie)).status).toBe(422);
  });

  it('refuses bad invitations in clear words, changing nothing', async () => {
    const { providerId, admin, slug } = await aTeam('Refusals Ltd');
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ email: 'not-an-email', role: 'member' }, { 'invitation.email': ['is not a valid email address'] }],
      [
        { email: 'ok@example.test', role: 'client_user' },
        { 'invitation.role': ['must be one of: admin, scan_technician, member'] },
      ],
      [{ email: 'ok@example.test' }, { 'invitation.role': ['Required'] }],
      [{ role: 'member' }, { 'invitation.email': ['Required'] }],
      [
        { email: `OWNER@${slug}.test`, role: 'member' },
        { 'invitation.email': ['is already a member of this team'] },
      ],
    ];
    for (const [invitation, errors] of cases) {
      const refused = await as(admin).post(`${TEAM}/invitations`, { invitation });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { errors } });
    }
    expect(await invitationRows(providerId)).toBe(0);
    expect((await it_.mailbox('ok@example.test')).length).toBe(0);

    await invite(admin, 'twice@example.test');
    const twice = await as(admin).post(`${TEAM}/invitations`, {
      invitation: { email: 'twice@example.test', role: 'admin' },
    });
    expect(twice.body).toEqual({
      errors: { 'invitation.email': ['already has a pending invitation; resend or revoke it'] },
    });
    expect(await invitationRows(providerId)).toBe(1);
    expect((await it_.mailbox('twice@example.test')).length).toBe(1);

    for (const [method, path, body] of [
      ['patch', `${TEAM}/members/not-an-id`, { member: { role: 'member' } }],
      ['delete', `${TEAM}/members/not-an-id`],
    ] as const) {
      const answer = await as(admin)[method](path, body as object);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { errors: { base: ['Team member not found'] } },
      });
    }
    const badRole = await as(admin).patch(
      `${TEAM}/members/${admin.body.user ? (admin.body.user as { id: string }).id : ''}`,
      {
        member: { role: 'owner' },
      },
    );
    expect(badRole.body).toEqual({
      errors: { 'member.role': ['must be one of: admin, scan_technician, member'] },
    });
    const unknownLink = await check('not-a-real-token');
    expect({ status: unknownLink.status, body: unknownLink.body }).toEqual({
      status: 404,
      body: {
        errors: {
          base: [
            'This invitation link is not valid. Check that you opened the whole link from the email, or ask the admin who invited you to send a new invitation.',
          ],
        },
      },
    });
  });

  it('revokes and resends: a revoked link says so, a resent one replaces the old link', async () => {
    const { providerId, admin } = await aTeam('Resend Co');
    const revoked = await invite(admin, 'revoked@example.test');
    expect((await as(admin).delete(`${TEAM}/invitations/${revoked.invitation.id}`)).status).toBe(200);
    expect((await as(admin).delete(`${TEAM}/invitations/${revoked.invitation.id}`)).body).toEqual({
      errors: { base: ['Invitation not found'] },
    });
    const refused = await signUp(revoked.token);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 410,
      body: {
        errors: {
          base: [
            'This invitation was withdrawn by an admin of Resend Co. Ask them to send you a new invitation if you still need access.',
          ],
        },
      },
    });
    expect(
      await it_.db.dataSource.query('SELECT 1 FROM users WHERE email = $1', ['revoked@example.test']),
    ).toEqual([]);

    const resent = await invite(admin, 'resent@example.test');
    const answer = await as(admin).post(`${TEAM}/invitations/${resent.invitation.id}/resend`);
    expect(answer.status).toBe(200);
    const [newest] = await it_.emailsTo('resent@example.test', 2);
    const newToken = tokenIn(newest.textBody);
    expect(newToken).not.toBe(resent.token);
    expect((await check(resent.token)).status).toBe(404);
    expect((await signUp(newToken)).status).toBe(201);
    const listed = await as(admin).get(`${TEAM}/invitations`);
    expect(listed.body.data.total_count).toBe(0);
    expect(await invitationRows(providerId)).toBe(2);
  });

  it('expires after 7 days: the link says so, the list shows it, and a new invitation replaces it', async () => {
    const { providerId, admin } = await aTeam('Expiry Pty');
    const { invitation, token } = await invite(admin, 'late@example.test', 'member');
    await it_.db.dataSource.query(
      `UPDATE team_invitations SET expires_at = '2026-11-01T09:00:00Z' WHERE id = $1`,
      [invitation.id],
    );
    const late = await check(token);
    expect({ status: late.status, body: late.body }).toEqual({
      status: 410,
      body: {
        errors: {
          base: [
            'This invitation expired on 2026-11-01. Ask an admin of Expiry Pty to send you a new invitation.',
          ],
        },
      },
    });
    expect((await signUp(token)).status).toBe(410);
    const listed = await as(admin).get(`${TEAM}/invitations`);
    expect(listed.body.data.items.map((i: { status: string }) => i.status)).toEqual(['expired']);
    const fresh = await invite(admin, 'late@example.test', 'admin');
    expect(fresh.invitation.status).toBe('pending');
    const open = await as(admin).get(`${TEAM}/invitations`);
    expect(open.body.data.items.map((i: { id: string }) => i.id)).toEqual([fresh.invitation.id]);
    expect(await invitationRows(providerId)).toBe(2);
  });

  it('changes roles and removes people, never the last admin; another provider’s people are not found', async () => {
    const { providerId, admin, slug } = await aTeam('Roles Inc');
    const ownerId = (admin.body.user as { id: string }).id;
    const lastAdmin = {
      errors: { base: ['Roles Inc needs at least one admin. Make someone else an admin first.'] },
    };
    for (const answer of [
      await as(admin).patch(`${TEAM}/members/${ownerId}`, { member: { role: 'member' } }),
      await as(admin).delete(`${TEAM}/members/${ownerId}`),
    ]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 422, body: lastAdmin });
    }
    const techId = await it_.aUser(`tech@${slug}.test`, { providerId, role: 'scan_technician' });
    const promoted = await as(admin).patch(`${TEAM}/members/${techId}`, { member: { role: 'admin' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ user_id: techId, role: 'admin' });
    // Now there are two admins: the owner may step down, then the other cannot.
    expect((await as(admin).patch(`${TEAM}/members/${ownerId}`, { member: { role: 'member' } })).status).toBe(
      200,
    );
    const tech = await it_.signedIn(`tech@${slug}.test`);
    expect((await as(tech).delete(`${TEAM}/members/${techId}`)).body).toEqual(lastAdmin);
    expect((await as(tech).delete(`${TEAM}/members/${ownerId}`)).status).toBe(200);
    // Each change of a membership is published, a removal with no role.
    const published = await it_.db.dataSource.query(
      `SELECT envelope->'data'->>'user_id' AS "user", envelope->'data'->>'role' AS role FROM outbox
        WHERE subject = 'identity.membership.changed.v1' AND envelope->>'provider_id' = $1 ORDER BY created_at, id`,
      [providerId],
    );
    expect(published).toEqual([
      { user: techId, role: 'admin' },
      { user: ownerId, role: 'member' },
      { user: ownerId, role: null },
    ]);
    const left = await as(tech).get(`${TEAM}/members`);
    expect(left.body.data.items.map((m: { user_id: string }) => m.user_id)).toEqual([techId]);
    // The removed person's session no longer works in the provider.
    expect((await as(admin).get(`${TEAM}/members`)).status).toBe(403);

    const other = await aTeam('Other Tenant');
    const stranger = await invite(other.admin, 'stranger@example.test');
    const otherOwner = (other.admin.body.user as { id: string }).id;
    for (const answer of [
      await as(tech).patch(`${TEAM}/members/${otherOwner}`, { member: { role: 'member' } }),
      await as(tech).delete(`${TEAM}/members/${otherOwner}`),
    ]) {
      expect(answer.body).toEqual({ errors: { base: ['Team member not found'] } });
    }
    for (const answer of [
      await as(tech).post(`${TEAM}/invitations/${stranger.invitation.id}/resend`),
      await as(tech).delete(`${TEAM}/invitations/${stranger.invitation.id}`),
    ]) {
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { errors: { base: ['Invitation not found'] } },
      });
    }
    expect((await check(stranger.token)).status).toBe(200);
    expect((await as(other.admin).get(`${TEAM}/members`)).body.data.items[0].role).toBe('admin');
  });

  it('two admins stepping down at once: exactly one does, the provider keeps an admin', async () => {
    const { providerId, admin, slug } = await aTeam('Race Media');
    const ownerId = (admin.body.user as { id: string }).id;
    const otherId = await it_.aUser(`second@${slug}.test`, { providerId, role: 'admin' });
    const other = await it_.signedIn(`second@${slug}.test`);
    const answers = await Promise.all([
      as(admin).patch(`${TEAM}/members/${ownerId}`, { member: { role: 'member' } }),
      as(other).patch(`${TEAM}/members/${otherId}`, { member: { role: 'member' } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const admins = await it_.db.dataSource.query(
      "SELECT count(*)::int AS n FROM memberships WHERE provider_id = $1 AND role = 'admin'",
      [providerId],
    );
    expect(admins).toEqual([{ n: 1 }]);
  });
});
