import { MESSAGES, PLAYER_MESSAGES, TOUR_MESSAGES, tourPublicId } from '@tourly/contracts';
import { TEST_INTERNAL_SECRET } from '@tourly/platform/testing';
import { onStarter } from '../../../test/support/provider';
import { leadGateKeys, leadPass, leadPassCookieName } from '../src/player/lead-gate.rules';
import { LEAD_GATE_NEEDS_AN_AGENT } from '../src/tours/player-links.dto';
import { aProperty } from './media-support';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const PER_ADDRESS = 3;
const WEEK = 7 * 24 * 60 * 60;

/**
 * Lead-gated tours (issue 33): the provider sets how many positions visitors see before the contact form asks for
 * their details (only on a tour with an agent), base.json says so, and a lead sent from the tour opens it in that
 * browser for a week (a signed cookie) and in another through the temporary link of the lead's answer. The lead's own
 * limits are the gate's rate limit. The whole platform: identity counts the limits.
 */
describe('lead-gated tours', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let tour: { propertyId: string; publicId: string; linkId: string; path: string };
  let addressCount = 0;

  /** Every visitor its own client address, so the per-address limit counts only where a test means it to. */
  const anAddress = () => `198.51.100.${++addressCount}`;
  const base = (publicId: string, headers: Record<string, string> = {}, query = '') =>
    it_.http
      .get(`/digital_twin/${encodeURIComponent(publicId)}/layers/base.json${query}`)
      .set({ 'x-forwarded-for': anAddress(), ...headers });
  const sendLead = (tourId: string, address = anAddress(), headers: Record<string, string> = {}) =>
    it_.http
      .post('/v3_player_lead')
      .set({ 'x-forwarded-for': address, ...headers })
      .send({
        lead: {
          first_name: 'Nora',
          last_name: 'Visitor',
          email: 'nora@example.com',
          phone_number: '+1 555 0100',
          message: 'I would like to see the rest of the house.',
          tour_id: tourId,
        },
      });
  const setGate = (linkId: string, body: object, person = provider) =>
    person.send('put', `/provider/player_links/${linkId}/update_lead_gate`, body);
  /** The name=value of the answer's lead pass cookie; undefined: none set. */
  const passCookie = (answer: { headers: Record<string, unknown> }) =>
    ([answer.headers['set-cookie'] ?? []].flat() as string[])
      .find((cookie) => cookie.startsWith('tour_lead_'))
      ?.split(';')[0];
  /** A built answer is kept PLAYER_CACHE_SECONDS (2 s): a change shows within that. */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 60; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the change did not show within 6 s');
  };

  /** A property of the person's, its tour shared, with a contact as its agent unless `agent` is false. */
  const aTour = async (person: Person, title: string, agent = true) => {
    const propertyId = await aProperty(person, title);
    await person
      .send('put', `/provider/properties/${propertyId}/published_features`, {
        published_features: { tour: true },
      })
      .expect(200);
    if (agent) {
      const contact = await person.send('post', '/provider/contacts/create_from_dashboard', {
        contact: { full_name: 'Alex Agent', email_address: `alex.${propertyId.slice(-8)}@example.com` },
      });
      expect(contact.status).toBe(201);
      await person
        .send('patch', `/provider/properties/${propertyId}/contacts`, { agent_ids: [contact.body.data.id] })
        .expect(200);
    }
    const link = (await person.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    return {
      propertyId,
      publicId: tourPublicId(link.client_slug, link.model_slug),
      linkId: link.id as string,
      path: new URL(link.links.default as string).pathname,
    };
  };

  beforeAll(async () => {
    it_ = await startPropertiesPlatform({
      env: () => ({ LEADS_PER_ADDRESS_PER_HOUR: String(PER_ADDRESS) }),
    });
    [provider, other] = await Promise.all([it_.signUp('Gatehouse Media'), it_.signUp('Other Media')]);
    await onStarter(it_, provider);
    tour = await aTour(provider, 'Gated Manor');
    const set = await setGate(tour.linkId, { player_link: { lead_gate_sweeps: 3 } });
    expect(set.status).toBe(200);
  });
  afterAll(() => it_?.stop());

  describe('the setting', () => {
    it.each([
      ['zero', { lead_gate_sweeps: 0 }, 'must be between 1 and 50'],
      ['51', { lead_gate_sweeps: 51 }, 'must be between 1 and 50'],
      ['a fraction', { lead_gate_sweeps: 2.5 }, 'must be between 1 and 50'],
      ['text', { lead_gate_sweeps: '3' }, 'must be between 1 and 50'],
      ['left out', {}, MESSAGES.required],
    ])('refuses %s with 422 and keeps the gate as it was', async (_case, form, message) => {
      const answer = await setGate(tour.linkId, { player_link: form });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { errors: { 'player_link.lead_gate_sweeps': [message] } },
      });
      const link = await provider.get(`/provider/properties/${tour.propertyId}/player_link`);
      expect(link.body.data.lead_gate_sweeps).toBe(3);
    });

    it('is the player link’s: set, read back, and turned off with null', async () => {
      const spot = await aTour(provider, 'Setting Cottage');
      for (const sweeps of [1, 50, null]) {
        const answer = await setGate(spot.linkId, { player_link: { lead_gate_sweeps: sweeps } });
        expect(answer.status).toBe(200);
        expect(answer.body.data).toMatchObject({ id: spot.linkId, lead_gate_sweeps: sweeps });
        const read = await provider.get(`/provider/properties/${spot.propertyId}/player_link`);
        expect(read.body.data.lead_gate_sweeps).toBe(sweeps);
      }
    });

    it('needs an agent for the leads: 422 saying what to do; turning it off needs none', async () => {
      const lonely = await aTour(provider, 'Agentless Barn', false);
      const refused = await setGate(lonely.linkId, { player_link: { lead_gate_sweeps: 2 } });
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 422,
        body: { errors: { base: [LEAD_GATE_NEEDS_AN_AGENT] } },
      });
      expect(LEAD_GATE_NEEDS_AN_AGENT).toBe(
        'Add an agent to the tour before asking visitors for their details',
      );
      const off = await setGate(lonely.linkId, { player_link: { lead_gate_sweeps: null } });
      expect(off.status).toBe(200);
      expect(off.body.data.lead_gate_sweeps).toBeNull();
    });

    it('is another provider’s to neither read nor change: 404, and the gate stays', async () => {
      const answer = await setGate(tour.linkId, { player_link: { lead_gate_sweeps: 9 } }, other);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { errors: { base: [TOUR_MESSAGES.playerLinkNotFound] } },
      });
      expect(
        (await provider.get(`/provider/properties/${tour.propertyId}/player_link`)).body.data
          .lead_gate_sweeps,
      ).toBe(3);
      const unknown = await setGate('not-an-id', { player_link: { lead_gate_sweeps: 2 } });
      expect(unknown.status).toBe(404);
    });
  });

  describe('the visitor', () => {
    it('is told the gate in base.json, privately; the listing services’ view has none', async () => {
      const gated = await base(tour.publicId);
      expect(gated.status).toBe(200);
      expect(gated.body.data.lead_gate).toEqual({ sweeps: 3 });
      expect(gated.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      expect(gated.headers.vary).toBe('cookie');

      const mls = await base(tour.publicId, {}, '?mls=1');
      expect(mls.body.data.lead_gate).toBeNull();
      expect(mls.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, must-revalidate');

      // Turned off, the tour answers as every other one: no gate, and shared caches may keep it again.
      const spot = await aTour(provider, 'Switch House');
      await setGate(spot.linkId, { player_link: { lead_gate_sweeps: 2 } }).expect(200);
      await eventually(async () => (await base(spot.publicId)).body.data.lead_gate?.sweeps === 2);
      await setGate(spot.linkId, { player_link: { lead_gate_sweeps: null } }).expect(200);
      await eventually(async () => (await base(spot.publicId)).body.data.lead_gate === null);
      expect((await base(spot.publicId)).headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=2, must-revalidate',
      );
    });

    it('sends a lead from the tour: a week’s cookie in that browser, and base.json without the gate', async () => {
      const lead = await sendLead(tour.publicId);
      expect(lead.status).toBe(201);
      const setCookie = ([lead.headers['set-cookie']].flat() as string[]).find((c) =>
        c.startsWith('tour_lead_'),
      );
      expect(setCookie).toMatch(
        new RegExp(
          `^${leadPassCookieName(tour.propertyId)}=\\d+\\.[\\w-]{43}; Path=/; Max-Age=${WEEK}; HttpOnly; SameSite=Lax$`,
        ),
      );
      const cookie = passCookie(lead)!;

      const gated = await base(tour.publicId);
      const passed = await base(tour.publicId, { cookie });
      expect(passed.status).toBe(200);
      expect(passed.body.data.lead_gate).toBeNull();
      expect(passed.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      // The rest of the answer is the same tour; its ETag is its own, so neither answer is taken for the other.
      expect({ ...passed.body.data, lead_gate: { sweeps: 3 } }).toEqual(gated.body.data);
      expect(passed.headers.etag).not.toBe(gated.headers.etag);
      expect((await base(tour.publicId, { cookie, 'if-none-match': passed.headers.etag })).status).toBe(304);
      const stale = await base(tour.publicId, { cookie, 'if-none-match': gated.headers.etag });
      expect(stale.status).toBe(200);
      expect(stale.body.data.lead_gate).toBeNull();
      // The browser without it still meets the gate.
      expect((await base(tour.publicId)).body.data.lead_gate).toEqual({ sweeps: 3 });
    });

    it('keeps the gate for a forged, altered, expired or another tour’s pass', async () => {
      const name = leadPassCookieName(tour.propertyId);
      const keys = leadGateKeys(TEST_INTERNAL_SECRET);
      const now = Math.floor(Date.now() / 1000);
      const genuine = passCookie(await sendLead(tour.publicId))!.split('=')[1]!;
      const [expires, signature] = genuine.split('.');
      const secondTour = await aTour(provider, 'Second Manor');
      await setGate(secondTour.linkId, { player_link: { lead_gate_sweeps: 2 } }).expect(200);
      const theirs = passCookie(await sendLead(secondTour.publicId))!.split('=')[1]!;
      const refused = {
        forged: `${now + 3600}.${'A'.repeat(43)}`,
        'moved later': `${Number(expires) + WEEK}.${signature}`,
        expired: leadPass(keys.cookie, tour.propertyId, now - 1),
        'the temporary link’s, as a cookie': leadPass(keys.link, tour.propertyId, now + 3600),
        'another tour’s': theirs,
        empty: '',
      };
      for (const [what, value] of Object.entries(refused)) {
        const answer = await base(tour.publicId, { cookie: `${name}=${value}` });
        expect([what, answer.body.data.lead_gate]).toEqual([what, { sweeps: 3 }]);
      }
      // The genuine pass opens its own tour only.
      const second = await base(secondTour.publicId, { cookie: `${name}=${genuine}` });
      expect(second.body.data.lead_gate).toEqual({ sweeps: 2 });
      expect((await base(tour.publicId, { cookie: `${name}=${genuine}` })).body.data.lead_gate).toBeNull();
    });

    it('opens the tour in another browser through the temporary link of the lead’s answer', async () => {
      const lead = await sendLead(tour.publicId);
      const unlockUrl = lead.body.data.unlock_url as string;
      const url = new URL(unlockUrl);
      expect(`${url.origin}${url.pathname}`).toBe(
        `http://localhost:3000/digital_twin/${encodeURIComponent(tour.publicId)}/lead_unlock`,
      );
      const token = url.searchParams.get('unlock')!;
      expect(token).toMatch(/^\d+\.[\w-]{43}$/);
      // Signed apart from the cookie: the link is no cookie, and the cookie no link.
      expect(token).not.toBe(passCookie(lead)!.split('=')[1]);

      const opened = await it_.http
        .get(`${url.pathname}${url.search}`)
        .set('x-forwarded-for', anAddress())
        .redirects(0);
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe(tour.path);
      expect(opened.headers['cache-control']).toBe('no-store');
      const cookie = passCookie(opened);
      expect(cookie).toMatch(new RegExp(`^${leadPassCookieName(tour.propertyId)}=${token.split('.')[0]}\\.`));
      expect((await base(tour.publicId, { cookie: cookie! })).body.data.lead_gate).toBeNull();

      // Altered, it still leads to the tour, which asks again; without its token, 422; an unknown tour, 404.
      const altered = await it_.http
        .get(`${url.pathname}?unlock=${Number(token.split('.')[0]) + 1}.${token.split('.')[1]}`)
        .set('x-forwarded-for', anAddress())
        .redirects(0);
      expect(altered.status).toBe(303);
      expect(altered.headers.location).toBe(tour.path);
      expect(passCookie(altered)).toBeUndefined();
      const bare = await it_.http.get(url.pathname).set('x-forwarded-for', anAddress());
      expect({ status: bare.status, body: bare.body }).toEqual({
        status: 422,
        body: { errors: { unlock: [MESSAGES.required] } },
      });
      const unknown = await it_.http
        .get(
          `/digital_twin/${encodeURIComponent(tourPublicId('nobody00', 'nowhere'))}/lead_unlock?unlock=${token}`,
        )
        .set('x-forwarded-for', anAddress());
      expect({ status: unknown.status, body: unknown.body }).toEqual({
        status: 404,
        body: { errors: { base: [PLAYER_MESSAGES.tourNotFound] } },
      });
    });

    it('gives no pass for a lead from a tour without a gate', async () => {
      const open = await aTour(provider, 'Open House');
      const lead = await sendLead(open.publicId);
      expect(lead.status).toBe(201);
      expect(lead.body.data).toEqual({ id: expect.any(String), unlock_url: null });
      expect(passCookie(lead)).toBeUndefined();
    });

    it(`is limited as leads are: past ${PER_ADDRESS} an hour from one address, 429 and no pass`, async () => {
      const address = anAddress();
      for (let n = 0; n < PER_ADDRESS; n += 1) {
        const sent = await sendLead(tour.publicId, address);
        expect(sent.status).toBe(201);
        expect(passCookie(sent)).toBeDefined();
      }
      const refused = await sendLead(tour.publicId, address);
      expect(refused.status).toBe(429);
      expect(refused.body.errors.base[0]).toMatch(
        /^Too many messages sent\. Please try again in \d+ minutes?\.$/,
      );
      expect(passCookie(refused)).toBeUndefined();
      expect(refused.body.data).toBeUndefined();
    });
  });
});
