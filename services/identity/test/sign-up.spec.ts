import { Database } from '@tourly/platform';
import { sessionCookieOf, startIdentity } from './support';

/** 002 §7: sign-up with a captcha, then the profile, then the business. */
describe('sign-up', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;

  beforeAll(async () => {
    it_ = await startIdentity();
  });
  afterAll(() => it_.stop());

  const signUp = (email: string, captchaResponse = 'a-human-answer', password = 'long-enough-password') =>
    it_.http.post('/sign_up').send({ user: { email, password }, captcha_response: captchaResponse });
  const confirm = (email: string, code: string) =>
    it_.http.post('/sign_up/confirm').send({ user: { email, code } });
  const codeIn = (subject: string) => /(\d{6})$/.exec(subject)?.[1] ?? '';
  const codeSentMessage = (email: string) =>
    `We emailed a 6-digit code to ${email}. Enter it to finish creating your account. It works for 15 minutes.`;

  it('emails a code that creates the account and signs the person in, then their profile and their business', async () => {
    const asked = await signUp('New.Agency@Example.com');
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ data: { message: codeSentMessage('new.agency@example.com') } });
    expect(asked.headers['set-cookie']).toBeUndefined();
    const [email] = await it_.emailsTo('new.agency@example.com', 1);
    expect(email.subject).toMatch(/^Your Tourly sign-up code: \d{6}$/);
    const created = await confirm('new.agency@example.com', codeIn(email.subject));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      user: { email: 'new.agency@example.com', role: null },
      current_provider: null,
    });
    // The code proved the address: nothing is left to confirm, and no second code is sent.
    const cookie = sessionCookieOf(created);
    const contacts = await it_.http.get('/contact_confirmations').set('cookie', cookie);
    expect(contacts.body.data[0]).toMatchObject({ status: 'confirmed' });
    // Spent: the code works once.
    expect((await confirm('new.agency@example.com', codeIn(email.subject))).status).toBe(422);
    const csrf = created.body.data.csrf_token;
    const post = (path: string, body: object) =>
      it_.http.post(path).set('cookie', cookie).set('x-csrf-token', csrf).send(body);

    const finalized = await post('/sign_up/finalize', {
      user: { first_name: 'Nora', last_name: 'Newcomer' },
    });
    expect(finalized.body.data.user).toMatchObject({ first_name: 'Nora', last_name: 'Newcomer' });

    const setup = await post('/sign_up/setup_provider', { setup_provider: { name: 'Newcomer Media' } });
    expect(setup.status).toBe(201);
    expect(setup.body.data).toMatchObject({ provider: { name: 'Newcomer Media' }, role: 'admin' });
    const me = await it_.http.get('/users/me').set('cookie', cookie);
    expect(me.body.data).toMatchObject({ role: 'admin', provider_id: setup.body.data.provider.id });
    const publishing = await it_.http.get('/provider/permissions/publishing').set('cookie', cookie);
    expect(publishing.body.data).toMatchObject({ product_code: 'free_tier_plan', can_publish: false });

    const survey = await post('/provider/surveys', {
      survey: { company_size: '2-5', heard_from: 'a friend' },
    });
    expect(survey.status).toBe(201);
    const [stored] = await it_.service.app
      .get(Database)
      .dataSource.query('SELECT answers, provider_id AS "providerId" FROM survey_responses WHERE id = $1', [
        survey.body.data.id,
      ]);
    expect(stored).toEqual({
      answers: { company_size: '2-5', heard_from: 'a friend' },
      providerId: setup.body.data.provider.id,
    });

    const events = await it_.db.dataSource.query(
      `SELECT subject FROM outbox WHERE envelope->'data'->>'user_id' = $1 OR envelope->'data'->>'provider_id' = $2
          ORDER BY created_at, id`,
      [created.body.data.user.id, setup.body.data.provider.id],
    );
    expect(events.map((e: { subject: string }) => e.subject)).toEqual([
      'identity.user.created.v1',
      'identity.provider.created.v1',
      'identity.membership.changed.v1',
    ]);
  });

  it('refuses a failed captcha, and creates nothing', async () => {
    const response = await signUp('robot@example.com', 'fail');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: { captcha_response: ['Please confirm you are not a robot, then try again.'] },
    });
    expect(await it_.mailbox('robot@example.com')).toEqual([]);
  });

  it('checks the account fields and that the email is free', async () => {
    const invalid = await it_.http.post('/sign_up').send({ user: { email: 'nope', password: 'short' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      errors: {
        'user.email': ['is not a valid email address'],
        'user.password': ['must be at least 8 characters'],
        captcha_response: ['Required'],
      },
    });
  });

  it('answers an email that has an account exactly as a new one, and tells only its owner', async () => {
    const registered = await signUp('Provider@demo.test');
    const fresh = await signUp('not-yet-registered@demo.test');
    expect(registered.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(registered.body).toEqual({ data: { message: codeSentMessage('provider@demo.test') } });
    expect(fresh.body).toEqual({ data: { message: codeSentMessage('not-yet-registered@demo.test') } });
    for (const response of [registered, fresh]) expect(response.headers['set-cookie']).toBeUndefined();

    const [note] = await it_.emailsTo('provider@demo.test', 1);
    expect(note.subject).toBe('You already have a Tourly account');
    expect(note.textBody).toContain('http://localhost:3000/users/sign_in');
    expect(note.textBody).toContain('http://localhost:3000/users/password/new');
    expect(note.textBody).not.toMatch(/\b\d{6}\b/);
    // No code works for it, and the owner's account is untouched (the password asked with is not set).
    const guessed = await confirm('provider@demo.test', '123456');
    expect(guessed.status).toBe(422);
    expect(guessed.body).toEqual({
      errors: { 'user.code': ['is incorrect or has expired; check the latest email, or start again'] },
    });
    expect((await it_.signIn('provider@demo.test', 'long-enough-password')).status).toBe(401);
    expect((await it_.signIn('provider@demo.test')).status).toBe(200);
  });

  it('counts wrong codes: the fifth spends the code, and a new request replaces the old code', async () => {
    await signUp('guesser@example.com');
    const [first] = await it_.emailsTo('guesser@example.com', 1);
    const right = codeIn(first.subject);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await confirm('guesser@example.com', wrong)).status).toBe(422);
    }
    expect((await confirm('guesser@example.com', right)).status).toBe(422);

    await signUp('guesser@example.com');
    await signUp('guesser@example.com');
    const [latest, replaced] = await it_.emailsTo('guesser@example.com', 3);
    expect((await confirm('guesser@example.com', codeIn(replaced.subject))).status).toBe(422);
    expect((await confirm('guesser@example.com', codeIn(latest.subject))).status).toBe(201);
    expect((await it_.signIn('guesser@example.com', 'long-enough-password')).status).toBe(200);
  });

  it('refuses a password that is easy to guess, its email included, and creates nothing', async () => {
    const tooWeak = {
      errors: { 'user.password': ['is too easy to guess; try a longer phrase of a few unrelated words'] },
    };
    for (const [email, password] of [
      ['weak-one@example.com', 'password1'],
      ['weak-two@example.com', 'qwertyuiop'],
      ['harbourlight@example.com', 'harbourlight2024'],
    ]) {
      const response = await signUp(email, 'a-human-answer', password);
      expect({ password, status: response.status, body: response.body }).toEqual({
        password,
        status: 422,
        body: tooWeak,
      });
      expect((await it_.signIn(email, password)).status).toBe(401);
    }
  });

  it('needs a signed-in user for the later steps', async () => {
    expect(
      (await it_.http.post('/sign_up/setup_provider').send({ setup_provider: { name: 'X' } })).status,
    ).toBe(401);
    expect((await it_.http.post('/provider/surveys').send({ survey: {} })).status).toBe(401);
  });
});
