import { Database } from '@tourly/platform';
import { startIdentity } from './support';

/** 002 §7: a code confirms the account's email; codes expire and allow few attempts. */
describe('contact confirmations', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let db: Database;

  beforeAll(async () => {
    it_ = await startIdentity();
    db = it_.db;
  });
  afterAll(() => it_.stop());

  /**
   * An account whose email is not confirmed yet (sign-up confirms it with its own code; older and
   * back-office-made accounts may not be), signed in, with a first code sent.
   */
  async function signUp(email: string) {
    await it_.aUser(email);
    const signedIn = await it_.signedIn(email);
    const post = (path: string, body: object) =>
      it_.http.post(path).set('cookie', signedIn.cookie).set('x-csrf-token', signedIn.csrfToken).send(body);
    expect((await post('/contact_confirmations/resend', { type: 'email' })).status).toBe(200);
    return {
      get: () => it_.http.get('/contact_confirmations').set('cookie', signedIn.cookie),
      post,
    };
  }
  const codeIn = (subject: string) => /(\d{6})$/.exec(subject)?.[1] ?? '';
  /** Lets the pause between two codes pass without waiting a minute. */
  const pauseOver = (email: string) =>
    db.dataSource.query(
      `UPDATE contact_confirmation_codes SET created_at = created_at - interval '2 minutes'
        WHERE destination = $1`,
      [email],
    );

  it('emails a code to an unconfirmed address, and the code confirms the email once', async () => {
    const person = await signUp('confirm.me@example.com');
    const [email] = await it_.emailsTo('confirm.me@example.com', 1);
    expect(email.subject).toMatch(/^Your Tourly confirmation code: \d{6}$/);
    const pending = await person.get();
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual([
      expect.objectContaining({
        type: 'email',
        destination: 'confirm.me@example.com',
        status: 'pending',
        confirmed_at: null,
        attempts_left: 5,
      }),
    ]);

    const confirmed = await person.post('/contact_confirmations', {
      type: 'email',
      code: codeIn(email.subject),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ type: 'email', status: 'confirmed', code_expires_at: null });
    expect((await person.get()).body.data[0].status).toBe('confirmed');
    const resend = await person.post('/contact_confirmations/resend', { type: 'email' });
    expect(resend.body.data.status).toBe('confirmed');
    expect(await it_.mailbox('confirm.me@example.com')).toHaveLength(1);
  });

  it('counts wrong codes, spends the code after five, and a resent code replaces the old one', async () => {
    const person = await signUp('guesser@example.com');
    const [first] = await it_.emailsTo('guesser@example.com', 1);
    const right = codeIn(first.subject);
    const wrong = right === '000000' ? '111111' : '000000';

    for (const left of [4, 3, 2, 1]) {
      const guess = await person.post('/contact_confirmations', { type: 'email', code: wrong });
      expect(guess.status).toBe(422);
      expect(guess.body).toEqual({
        errors: { code: [`is incorrect; ${left} ${left === 1 ? 'attempt' : 'attempts'} left`] },
      });
    }
    const fifth = await person.post('/contact_confirmations', { type: 'email', code: wrong });
    expect(fifth.body).toEqual({ errors: { code: ['has expired; ask for a new code'] } });
    const tooLate = await person.post('/contact_confirmations', { type: 'email', code: right });
    expect(tooLate.body).toEqual({ errors: { code: ['has expired; ask for a new code'] } });
    expect((await person.get()).body.data[0].status).toBe('unconfirmed');

    const soon = await person.post('/contact_confirmations/resend', { type: 'email' });
    expect(soon.status).toBe(429);
    expect(soon.headers['retry-after']).toBe('60');
    expect(soon.body.errors.base[0]).toMatch(/^A code was sent less than a minute ago/);

    await pauseOver('guesser@example.com');
    expect((await person.post('/contact_confirmations/resend', { type: 'email' })).body.data).toMatchObject({
      status: 'pending',
      attempts_left: 5,
    });
    await pauseOver('guesser@example.com');
    await person.post('/contact_confirmations/resend', { type: 'email' });
    const [latest, previous] = await it_.emailsTo('guesser@example.com', 3);
    const stale = await person.post('/contact_confirmations', {
      type: 'email',
      code: codeIn(previous.subject),
    });
    expect(stale.status).toBe(422);
    const ok = await person.post('/contact_confirmations', { type: 'email', code: codeIn(latest.subject) });
    expect(ok.body.data.status).toBe('confirmed');
  });

  it('refuses an expired code, more than five codes an hour, and malformed input', async () => {
    const person = await signUp('slow@example.com');
    const [email] = await it_.emailsTo('slow@example.com', 1);
    await db.dataSource.query(
      "UPDATE contact_confirmation_codes SET expires_at = now() - interval '1 second' WHERE destination = $1",
      ['slow@example.com'],
    );
    const expired = await person.post('/contact_confirmations', {
      type: 'email',
      code: codeIn(email.subject),
    });
    expect(expired.body).toEqual({ errors: { code: ['has expired; ask for a new code'] } });

    for (let sent = 1; sent < 5; sent += 1) {
      await pauseOver('slow@example.com');
      expect((await person.post('/contact_confirmations/resend', { type: 'email' })).status).toBe(200);
    }
    await pauseOver('slow@example.com');
    const sixth = await person.post('/contact_confirmations/resend', { type: 'email' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.errors.base).toEqual([
      'Too many codes were sent in the last hour. Use the latest one, or ask again in an hour.',
    ]);

    const badType = await person.post('/contact_confirmations', { type: 'fax', code: '123456' });
    expect(badType.status).toBe(422);
    expect(badType.body.errors.type).toEqual(['must be one of: email']);
    const badCode = await person.post('/contact_confirmations', { type: 'email', code: '12ab' });
    expect(badCode.body.errors.code).toEqual(['is the 6 digits from the email']);
  });

  it('sends nothing to accounts confirmed on creation, and needs a signed-in person', async () => {
    expect(await it_.mailbox('provider@demo.test')).toEqual([]);
    const demo = await it_.signedIn('provider@demo.test');
    const listed = await it_.http.get('/contact_confirmations').set('cookie', demo.cookie);
    expect(listed.body.data[0]).toMatchObject({ destination: 'provider@demo.test', status: 'confirmed' });
    expect((await it_.http.get('/contact_confirmations')).status).toBe(401);
  });
});
