import { Database } from '@tourly/platform';
import { sessionCookieOf, startIdentityPlatform } from './support';

/** 002 §7: sign-up with a captcha, then the profile, then the business. */
describe('sign-up', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
  });
  afterAll(() => it_.stop());

  const signUp = (email: string, captchaResponse = 'a-human-answer', password = 'long-enough-password') =>
    it_.http.post('/sign_up').send({ user: { email, password }, captcha_response: captchaResponse });

  it('creates the account and signs the person in, then their profile and their business', async () => {
    const created = await signUp('New.Agency@Example.com');
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      user: { email: 'new.agency@example.com', role: null },
      current_provider: null,
    });
    const cookie = sessionCookieOf(created);
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
    const [stored] = await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query('SELECT answers, provider_id AS "providerId" FROM survey_responses WHERE id = $1', [
        survey.body.data.id,
      ]);
    expect(stored).toEqual({
      answers: { company_size: '2-5', heard_from: 'a friend' },
      providerId: setup.body.data.provider.id,
    });

    const events = await it_.platform.services.identity.app.get(Database).dataSource.query(
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
    expect((await it_.signIn('robot@example.com', 'long-enough-password')).status).toBe(401);
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
    const taken = await signUp('Provider@demo.test');
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      errors: { 'user.email': ['is already registered; sign in, or reset your password'] },
    });
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
