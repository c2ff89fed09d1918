import { startIdentity } from './support';

/** Forgotten passwords: a link by email, good once, for an hour. */
describe('password reset', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;

  beforeAll(async () => {
    it_ = await startIdentity();
  });
  afterAll(() => it_.stop());

  const ask = (email: string) => it_.http.post('/users/password').send({ user: { email } });
  const reset = (token: string, password: string) =>
    it_.http.put('/users/password').send({ user: { reset_password_token: token, password } });

  const tokenIn = (text: string) => /reset_password_token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('emails a link that sets a new password once, and signs the account out everywhere', async () => {
    const before = await it_.signedIn('supplier@demo.test');
    const asked = await ask('Supplier@Demo.test');
    expect(asked.status).toBe(200);
    expect(asked.body.data.message).toBe(
      'If an account exists for that email, a link to reset its password is on its way. It works for one hour.',
    );
    const [email] = await it_.emailsTo('supplier@demo.test', 1);
    expect(email.subject).toBe('Reset your Tourly password');
    const token = tokenIn(email.textBody);
    expect(email.textBody).toContain(
      `http://localhost:3000/users/password/edit?reset_password_token=${token}`,
    );

    const changed = await reset(token, 'a-brand-new-password');
    expect(changed.status).toBe(200);
    expect(changed.body.data.message).toBe('Your password has been changed. Sign in with the new one.');
    expect((await it_.http.get('/users/me').set('cookie', before.cookie)).status).toBe(401);
    expect((await it_.signIn('supplier@demo.test')).status).toBe(401);
    expect((await it_.signIn('supplier@demo.test', 'a-brand-new-password')).status).toBe(200);

    const again = await reset(token, 'yet-another-password');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      errors: { 'user.reset_password_token': ['is invalid or has expired; ask for a new link'] },
    });
  });

  it('tells whether a link still works, on opening it, without spending it', async () => {
    const check = (token: unknown) =>
      it_.http.post('/users/password/check').send({ user: { reset_password_token: token } });
    await it_.aUser('opened@demo.test');
    await ask('opened@demo.test');
    const [email] = await it_.emailsTo('opened@demo.test', 1);
    const token = tokenIn(email.textBody);

    const usable = await check(token);
    expect(usable.status).toBe(200);
    const minutesLeft = (Date.parse(usable.body.data.expires_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(55);
    expect(minutesLeft).toBeLessThanOrEqual(60);
    expect((await check(token)).status).toBe(200);
    expect((await reset(token, 'Quiet harbour lanterns 1987')).status).toBe(200);

    const spent = {
      errors: { 'user.reset_password_token': ['is invalid or has expired; ask for a new link'] },
    };
    for (const unusable of [token, 'not-a-token']) {
      const answer = await check(unusable);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 422, body: spent });
    }
    expect((await check('')).body).toEqual({ errors: { 'user.reset_password_token': ['Required'] } });
  });

  it('spends every other link of the account once one has been used', async () => {
    await ask('va@demo.test');
    await ask('va@demo.test');
    const [newer, older] = await it_.emailsTo('va@demo.test', 2);
    expect((await reset(tokenIn(newer.textBody), 'Quiet harbour lanterns 1987')).status).toBe(200);
    const stale = await reset(tokenIn(older.textBody), 'Another quiet harbour 1988');
    expect(stale.status).toBe(422);
    expect(stale.body).toEqual({
      errors: { 'user.reset_password_token': ['is invalid or has expired; ask for a new link'] },
    });
    expect((await it_.signIn('va@demo.test', 'Quiet harbour lanterns 1987')).status).toBe(200);
  });

  it('ends a slow-down others caused: the owner who reset the password signs in at once', async () => {
    await it_.aUser('slowed@demo.test');
    const guess = (address: string, password: string) =>
      it_.http
        .post('/users/sign_in')
        .set('x-forwarded-for', address)
        .send({ user: { email: 'slowed@demo.test', password } });
    for (let address = 1; address <= 10; address++) {
      expect((await guess(`203.0.113.${address}`, 'wrong-guess')).status).toBe(401);
    }
    expect((await guess('198.51.100.9', 'wrong-guess')).status).toBe(429);
    await ask('slowed@demo.test');
    const [email] = await it_.emailsTo('slowed@demo.test', 1);
    expect((await reset(tokenIn(email.textBody), 'Quiet harbour lanterns 1987')).status).toBe(200);
    expect((await guess('198.51.100.9', 'Quiet harbour lanterns 1987')).status).toBe(200);
  });

  it('answers the same for an email without an account, and sends nothing', async () => {
    const asked = await ask('nobody-here@demo.test');
    expect(asked.status).toBe(200);
    expect(asked.body.data.message).toBe(
      'If an account exists for that email, a link to reset its password is on its way. It works for one hour.',
    );
    await ask('va@demo.test'); // a real one, sent after the unknown one
    await it_.emailsTo('va@demo.test', 1);
    expect(await it_.mailbox('nobody-here@demo.test')).toEqual([]);
  });

  it('sends at most three links an hour to one account', async () => {
    for (let i = 0; i < 4; i++) expect((await ask('provider@demo.test')).status).toBe(200);
    const mailbox = await it_.emailsTo('provider@demo.test', 3);
    await ask('va@demo.test'); // another address's email proves the queue has moved on
    await it_.emailsTo('va@demo.test', 2);
    expect(await it_.mailbox('provider@demo.test')).toHaveLength(mailbox.length);
    expect(mailbox).toHaveLength(3);
  });

  it('checks the new password and the token', async () => {
    const short = await reset('whatever', 'short');
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ errors: { 'user.password': ['must be at least 8 characters'] } });
    const guessable = await reset('whatever', 'Password123');
    expect(guessable.status).toBe(422);
    expect(guessable.body).toEqual({
      errors: { 'user.password': ['is too easy to guess; try a longer phrase of a few unrelated words'] },
    });
    expect((await reset('not-a-token', 'long-enough-password')).status).toBe(422);
  });
});
