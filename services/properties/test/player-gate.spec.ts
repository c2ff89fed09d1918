import { PLAYER_MESSAGES, tourPublicId } from '@tourly/contracts';
import { onStarter } from '../../../test/support/provider';
import { aProperty } from './media-support';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const NOT_FOUND = JSON.stringify({ errors: { base: [PLAYER_MESSAGES.tourNotFound] } });
/** The address the visitors of this file come from (the gateway forwards it), its own for the attempts' limit. */
const VISITOR = '203.0.113.7';

/**
 * The visitor's player (issue 13), the password gate: a shared tour behind its player link's password asks for it,
 * refuses wrong ones, and opens with a cookie for that tour only; attempts are limited per client address in
 * windows identity keeps (every replica counts against the same ones), hence the whole platform.
 */
describe('the visitor’s player: the password gate', () => {
  let it_: PropertiesPlatform;
  let provider: Person;

  const base = (id: string, headers: Record<string, string> = {}) =>
    it_.http
      .get(`/digital_twin/${encodeURIComponent(id)}/layers/base.json`)
      .set({ 'x-forwarded-for': VISITOR, ...headers });

  /** A property of the provider's, its tour shared; its public id. */
  const aTour = async (title: string) => {
    const propertyId = await aProperty(provider, title);
    await provider
      .send('put', `/provider/properties/${propertyId}/published_features`, {
        published_features: { tour: true },
      })
      .expect(200);
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    return { propertyId, publicId: tourPublicId(link.client_slug, link.model_slug) };
  };

  /** A built answer is kept PLAYER_CACHE_SECONDS (2 s): a change shows within that. */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 40; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the change did not show within 4 s');
  };

  let tour: { propertyId: string; publicId: string };
  let secondTour: { propertyId: string; publicId: string };
  const unlock = (id: string, body: unknown) =>
    it_.http
      .post(`/digital_twin/${encodeURIComponent(id)}/unlock`)
      .set('x-forwarded-for', VISITOR)
      .send(body as object);

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    provider = await it_.signUp('Private Tours Media');
    await onStarter(it_, provider);
    tour = await aTour('Private Penthouse');
    secondTour = await aTour('Private Bungalow');
    for (const each of [tour, secondTour]) {
      const set = await provider.send(
        'patch',
        `/provider/properties/${each.propertyId}/update_player_link_password`,
        { player_link: { username: 'visitor', password: 'open sesame please' } },
      );
      expect(set.status).toBe(200);
    }
  });

  it('asks for the password, refuses a wrong one, and unlocks that tour only with the right one', async () => {
    const locked = await base(tour.publicId);
    expect({ status: locked.status, body: locked.body }).toEqual({
      status: 401,
      body: { errors: { base: [PLAYER_MESSAGES.passwordRequired] } },
    });
    expect(
      (await it_.http.get(`/digital_twin/${tour.publicId}/layers/tags.json`).set('x-forwarded-for', VISITOR))
        .status,
    ).toBe(401);

    const wrong = await unlock(tour.publicId, { username: 'visitor', password: 'open sesame please!' });
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 422,
      body: { errors: { base: [PLAYER_MESSAGES.wrongPassword] } },
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const wrongName = await unlock(tour.publicId, { username: 'someone', password: 'open sesame please' });
    expect(wrongName.status).toBe(422);
    const empty = await unlock(tour.publicId, {});
    expect({ status: empty.status, body: empty.body }).toEqual({
      status: 422,
      body: { errors: { username: ['Required'], password: ['Required'] } },
    });
    const unknown = await unlock(`${tour.publicId}x`, {
      username: 'visitor',
      password: 'open sesame please',
    });
    expect({ status: unknown.status, text: unknown.text }).toEqual({ status: 404, text: NOT_FOUND });

    const right = await unlock(tour.publicId, { username: 'visitor', password: 'open sesame please' });
    expect(right.status).toBe(204);
    const setCookie = String(right.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^tour_unlock_[0-9a-f]{32}=\d+\.[\w-]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
    const cookie = setCookie.split(';')[0];

    const open = await base(tour.publicId, { cookie });
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(
      (
        await it_.http
          .get(`/digital_twin/${tour.publicId}/layers/tags.json`)
          .set({ 'x-forwarded-for': VISITOR, cookie })
      ).status,
    ).toBe(200);
    // The cookie is that tour's: another tour behind a password stays locked.
    const otherTour = await base(secondTour.publicId, { cookie });
    expect(otherTour.status).toBe(401);
    // A forged cookie unlocks nothing.
    const forged = `${cookie.split('=')[0]}=${Math.floor(Date.now() / 1000) + 3600}.AAAA`;
    expect((await base(tour.publicId, { cookie: forged })).status).toBe(401);

    // A new password locks every browser out again.
    await provider.send('patch', `/provider/properties/${tour.propertyId}/update_player_link_password`, {
      player_link: { username: 'visitor', password: 'a new secret' },
    });
    await eventually(async () => (await base(tour.publicId, { cookie })).status === 401);
  });

  it('limits the attempts from one address', async () => {
    let refused: Awaited<ReturnType<typeof unlock>> | undefined;
    for (let attempt = 0; attempt < 12 && !refused; attempt++) {
      const answer = await unlock(secondTour.publicId, {
        username: 'visitor',
        password: 'guess number one',
      });
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(422);
    }
    expect(refused?.body).toEqual({ errors: { base: [PLAYER_MESSAGES.tooManyAttempts] } });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps what the password protects behind it: the link preview, another provider’s menu link, the contact form', async () => {
    const locked = await aTour('Private Mews');
    await provider
      .send('patch', `/provider/properties/${locked.propertyId}/update_player_link_password`, {
        player_link: { username: 'visitor', password: 'copper kettle meadow' },
      })
      .expect(200);
    const [clientSlug, modelSlug] = locked.publicId.split('~');
    const metadata = (headers: Record<string, string> = {}) =>
      it_.http
        .get(`/tours/${clientSlug}/${modelSlug}/metadata`)
        .set({ 'x-forwarded-for': VISITOR, ...headers });
    const tourLink = (await provider.get(`/provider/properties/${locked.propertyId}/player_link`)).body.data
      .links.default as string;
    const aLead = {
      first_name: 'Nora',
      last_name: 'Visitor',
      email: 'nora@example.com',
      phone_number: '+1 555 0100',
      message: 'Is the garden south-facing?',
      tour_id: locked.publicId,
    };
    const sendLead = (headers: Record<string, string> = {}) =>
      it_.http
        .post('/v3_player_lead')
        .set({ 'x-forwarded-for': '203.0.113.90', ...headers })
        .send({ lead: aLead });
    const storedLeads = async () =>
      (
        (await it_.propertiesDb.dataSource.query(
          'SELECT count(*)::int AS n FROM leads WHERE property_id = $1',
          [locked.propertyId],
        )) as Array<{ n: number }>
      )[0]!.n;
    const passwordRequired = { errors: { base: [PLAYER_MESSAGES.passwordRequired] } };

    const preview = await metadata();
    expect({ status: preview.status, body: preview.body }).toEqual({ status: 401, body: passwordRequired });
    const lead = await sendLead();
    expect({ status: lead.status, body: lead.body }).toEqual({ status: 401, body: passwordRequired });
    expect(await storedLeads()).toBe(0);

    // Another provider linking to the tour from a menu learns nothing of it; the owner still sees its own.
    const stranger = await it_.signUp('Curious Media');
    const linked = await stranger.get(
      `/provider/virtual_tours/menu/action_metadata?link=${encodeURIComponent(tourLink)}`,
    );
    expect({ status: linked.status, body: linked.body }).toEqual({
      status: 422,
      body: { errors: { link: [PLAYER_MESSAGES.passwordRequired] } },
    });
    const own = await provider.get(
      `/provider/virtual_tours/menu/action_metadata?link=${encodeURIComponent(tourLink)}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.data.title).toBe('Private Mews');

    // Unlocked, the visitor sees the preview and may write.
    // (From an address of its own: the tests above used up theirs.)
    const right = await it_.http
      .post(`/digital_twin/${encodeURIComponent(locked.publicId)}/unlock`)
      .set('x-forwarded-for', '203.0.113.91')
      .send({ username: 'visitor', password: 'copper kettle meadow' });
    expect(right.status).toBe(204);
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    const open = await metadata({ cookie });
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ title: 'Private Mews' });
    expect((await sendLead({ cookie })).status).toBe(201);
    expect(await storedLeads()).toBe(1);
  });

  /** An unlock attempt from an address of the test's choosing. */
  const unlockFrom = (address: string, id: string, body: object) =>
    it_.http
      .post(`/digital_twin/${encodeURIComponent(id)}/unlock`)
      .set('x-forwarded-for', address)
      .send(body);

  it('counts the addresses of one IPv6 network (/64) as one client', async () => {
    const tours = [await aTour('Network Loft'), await aTour('Network Studio')];
    for (const each of tours) {
      await provider
        .send('patch', `/provider/properties/${each.propertyId}/update_player_link_password`, {
          player_link: { username: 'visitor', password: 'violet anchor drizzle' },
        })
        .expect(200);
    }
    // Every attempt from another address of the same network, spread over two tours (no tour's own limit meets).
    const answers: number[] = [];
    let refused: Awaited<ReturnType<typeof unlockFrom>> | undefined;
    for (let n = 1; n <= 12 && !refused; n++) {
      const answer = await unlockFrom(`2001:db8:42:7::${n.toString(16)}`, tours[n % 2]!.publicId, {
        username: 'visitor',
        password: 'guess number one',
      });
      answers.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(answers).toEqual([...Array<number>(10).fill(422), 429]);
    expect(refused?.body).toEqual({ errors: { base: [PLAYER_MESSAGES.tooManyAttempts] } });
    // Another network is another client.
    const elsewhere = await unlockFrom('2001:db8:42:8::1', tours[0]!.publicId, {
      username: 'visitor',
      password: 'violet anchor drizzle',
    });
    expect(elsewhere.status).toBe(204);
  });

  it('spaces out the guesses at one tour from many addresses, and lets in a visitor who did not guess wrong', async () => {
    const guarded = await aTour('Guarded Terrace');
    await provider
      .send('patch', `/provider/properties/${guarded.propertyId}/update_player_link_password`, {
        player_link: { username: 'visitor', password: 'violet anchor drizzle' },
      })
      .expect(200);
    const wrong = { username: 'visitor', password: 'guess number one' };
    // Guesses from four addresses in turn, under each address's own limit (10 a minute): only the tour's can meet.
    let wrongGuesses = 0;
    let refused: Awaited<ReturnType<typeof unlockFrom>> | undefined;
    for (let n = 0; n < 36 && !refused; n++) {
      const answer = await unlockFrom(`198.18.${n % 4}.1`, guarded.publicId, wrong);
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.status).toBe(422);
        wrongGuesses += 1;
      }
    }
    expect(wrongGuesses).toBeGreaterThanOrEqual(10);
    expect(refused?.body).toEqual({ errors: { base: [PLAYER_MESSAGES.tooManyAttempts] } });
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    // A visitor who never guessed wrong, with the right password, is not held back by the guessers.
    const visitor = await unlockFrom('198.18.200.1', guarded.publicId, {
      username: 'visitor',
      password: 'violet anchor drizzle',
    });
    expect(visitor.status).toBe(204);
    expect(String(visitor.headers['set-cookie'])).toMatch(/^tour_unlock_/);
  });
});
