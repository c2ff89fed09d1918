import { PLAYER_MESSAGES, tourPublicId } from '@tourly/contracts';
import { Database } from '@tourly/platform';
import { onStarter } from '../../../test/support/provider';
import { aProperty } from './media-support';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const WEBSITE_NOT_FOUND = { errors: { base: ['Website not found'] } };
const LOCKED = { errors: { base: [PLAYER_MESSAGES.passwordRequired] } };
const PRIVATE = 'private, max-age=0, must-revalidate';

/**
 * The property's website as visitors get it (issue 13): the tour's agents' cards, the tour's map and the shared
 * tour's link to embed, each as the website's settings show them; and the website behind the tour's password, one
 * cookie opening both. The whole platform: identity knows the agents.
 */
describe('the website for visitors', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let agentId: string;
  let propertyId: string;
  let slug: string;
  let link: { clientSlug: string; modelSlug: string; default: string };
  let addressCount = 0;

  /** Each visitor its own client address, so the unlock attempts' limit counts only its own. */
  const anAddress = () => `198.51.100.${++addressCount}`;
  const websitePath = (providerId = provider.providerId, propertySlug = slug) =>
    `/tours/${providerId}/${propertySlug}/website.json`;
  const website = (cookie?: string, path = websitePath()) => {
    const call = it_.http.get(path).set('x-forwarded-for', anAddress());
    return cookie ? call.set('cookie', cookie) : call;
  };
  const unlockWebsite = (body: object, path = websitePath().replace(/\.json$/, '/unlock')) =>
    it_.http.post(path).set('x-forwarded-for', anAddress()).send(body);
  const settings = (websiteSettings: object) =>
    provider
      .send('patch', `/provider/properties/${propertyId}/website/settings`, {
        website_settings: websiteSettings,
      })
      .expect(200);
  const setPassword = (username: string, password: string) =>
    provider
      .send('patch', `/provider/properties/${propertyId}/update_player_link_password`, {
        player_link: { username, password },
      })
      .expect(200);
  const publish = (features: object) =>
    provider
      .send('put', `/provider/properties/${propertyId}/published_features`, { published_features: features })
      .expect(200);
  const cookieOf = (answer: { headers: Record<string, unknown> }) =>
    String(answer.headers['set-cookie']).split(';')[0]!;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    provider = await it_.signUp('Website Visitors Media');
    other = await it_.signUp('Other Website Visitors Media');
    await onStarter(it_, provider);
    propertyId = await aProperty(provider, 'Harbour House');
    slug = (await provider.get(`/provider/properties/${propertyId}`).expect(200)).body.data.slug;
    await it_.aMember('agent.website@example.com', provider.providerId, 'member');
    const [agent] = (await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query("SELECT id FROM users WHERE email = 'agent.website@example.com'")) as Array<{
      id: string;
    }>;
    agentId = agent!.id;
    await provider
      .send('patch', `/provider/properties/${propertyId}/contacts`, { agent_ids: [agentId] })
      .expect(200);
    const playerLink = (await provider.get(`/provider/properties/${propertyId}/player_link`).expect(200)).body
      .data;
    link = {
      clientSlug: playerLink.client_slug,
      modelSlug: playerLink.model_slug,
      default: playerLink.links.default,
    };
    await publish({ website: true });
  });
  afterAll(() => it_.stop());

  it('shows the agents, the map, and the tour only while it is shared, as the settings show them', async () => {
    const unshared = await website().expect(200);
    const { tiles_url: tilesUrl } = unshared.body.data.map;
    expect(unshared.body.data).toMatchObject({
      agent_ids: [agentId],
      agents: [{ id: agentId, full_name: 'Test User', phone_number: null, avatar_url: null }],
      map: { tiles_url: tilesUrl, attribution: '© OpenStreetMap contributors', zoom: 18 },
      tour_embed_url: null,
    });
    expect(tilesUrl).toBe(`${it_.emulators.url}/maps/tiles/{z}/{x}/{y}.png`);
    expect(unshared.body.data.property.latitude).toEqual(expect.any(Number));
    // A website without a password is no one browser's: no private Cache-Control.
    expect(unshared.headers['cache-control'] ?? '').not.toContain('private');

    await publish({ tour: true, website: true });
    const shared = await website().expect(200);
    expect(shared.body.data.tour_embed_url).toBe(link.default);
    expect(link.default).toMatch(new RegExp(`/tours/${link.clientSlug}/${link.modelSlug}$`));
    // The agents are the tour's: the same list, from the same place.
    const tour = await it_.http
      .get(`/digital_twin/${tourPublicId(link.clientSlug, link.modelSlug)}/layers/base.json`)
      .expect(200);
    expect(shared.body.data.agents).toEqual(tour.body.data.agents);
    expect(shared.body.data.map).toEqual(tour.body.data.map);

    await settings({ show_map: false, show_tour: false, show_agents: false });
    try {
      const hidden = (await website().expect(200)).body.data;
      expect([hidden.agents, hidden.map, hidden.tour_embed_url]).toEqual([[], null, null]);
    } finally {
      await settings({ show_map: null, show_tour: null, show_agents: null });
    }

    await publish({ tour: false, website: true });
    expect((await website().expect(200)).body.data.tour_embed_url).toBeNull();
  });

  it('keeps the website behind the tour’s password, and one unlock opens both', async () => {
    await publish({ tour: true, website: true });
    await setPassword('buyer', 'open sesame please');
    try {
      const locked = await website();
      expect([locked.status, locked.body]).toEqual([401, LOCKED]);
      expect(locked.text).not.toContain('Harbour House');
      expect(locked.headers['cache-control']).toBe(PRIVATE);
      expect(locked.headers.vary).toMatch(/cookie/i);

      // A wrong password, then a forged cookie: still locked.
      const wrong = await unlockWebsite({ username: 'buyer', password: 'open sesame please!' });
      expect([wrong.status, wrong.body]).toEqual([
        422,
        { errors: { base: [PLAYER_MESSAGES.wrongPassword] } },
      ]);
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const name = `tour_unlock_${propertyId.replace(/-/g, '')}`;
      const forged = `${name}=${Math.floor(Date.now() / 1000) + 3600}.AAAA`;
      expect((await website(forged)).status).toBe(401);

      // The website's gate gives the tour's cookie: it opens the website and the tour.
      const right = await unlockWebsite({ username: 'buyer', password: 'open sesame please' });
      expect(right.status).toBe(204);
      expect(String(right.headers['set-cookie'])).toMatch(
        new RegExp(`^${name}=\\d+\\.[\\w-]+; Path=/; Max-Age=43200; HttpOnly; SameSite=Lax$`),
      );
      const cookie = cookieOf(right);
      const open = await website(cookie).expect(200);
      expect(open.body.data.property).toMatchObject({ id: propertyId, title: 'Harbour House' });
      expect(open.body.data.agents).toHaveLength(1);
      expect(open.headers['cache-control']).toBe(PRIVATE);
      const publicId = tourPublicId(link.clientSlug, link.modelSlug);
      const base = (withCookie?: string) => {
        const call = it_.http.get(`/digital_twin/${publicId}/layers/base.json`);
        return withCookie ? call.set('cookie', withCookie) : call;
      };
      // The tour's public answer, read earlier, may be kept a moment longer (PLAYER_CACHE_SECONDS) by the gateway.
      for (let tries = 0; (await base()).status !== 401; tries++) {
        if (tries === 40) throw new Error('the password did not lock the tour within 4 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await base(cookie)).status).toBe(200);

      // ...and the tour's gate gives a cookie that opens the website.
      const fromTour = await it_.http
        .post(`/digital_twin/${publicId}/unlock`)
        .set('x-forwarded-for', anAddress())
        .send({ username: 'buyer', password: 'open sesame please' })
        .expect(204);
      expect((await website(cookieOf(fromTour))).status).toBe(200);

      // Not shared, the tour is not embedded, but the website stays behind its password.
      await publish({ tour: false, website: true });
      expect((await website()).status).toBe(401);
      const stillOpen = await website(cookie).expect(200);
      expect(stillOpen.body.data.tour_embed_url).toBeNull();
      expect((await unlockWebsite({ username: 'buyer', password: 'open sesame please' })).status).toBe(204);

      // A new password locks the website again.
      await setPassword('buyer', 'a new secret');
      expect((await website(cookie)).status).toBe(401);
    } finally {
      await setPassword('', '');
      await publish({ tour: true, website: true });
    }
  });

  it('answers the same 404 for a website visitors may not see, locked or not, and for its gate', async () => {
    await setPassword('buyer', 'open sesame please');
    try {
      const otherProperty = await aProperty(other, 'Harbour House');
      const otherSlug = (await other.get(`/provider/properties/${otherProperty}`).expect(200)).body.data.slug;
      const unknownPaths = [
        websitePath(other.providerId, slug),
        websitePath(provider.providerId, 'no-such-place'),
        websitePath(other.providerId, otherSlug),
        websitePath('someone', slug),
      ];
      for (const path of unknownPaths) {
        const answer = await website(undefined, path);
        expect([path, answer.status, answer.body]).toEqual([path, 404, WEBSITE_NOT_FOUND]);
        const gate = await unlockWebsite(
          { username: 'buyer', password: 'open sesame please' },
          path.replace(/\.json$/, '/unlock'),
        );
        expect([path, gate.status, gate.body]).toEqual([path, 404, WEBSITE_NOT_FOUND]);
      }
      // Unpublished: the same 404, not the password's 401.
      await publish({ tour: true, website: false });
      const hidden = await website();
      expect([hidden.status, hidden.body]).toEqual([404, WEBSITE_NOT_FOUND]);
      const gate = await unlockWebsite({ username: 'buyer', password: 'open sesame please' });
      expect([gate.status, gate.body]).toEqual([404, WEBSITE_NOT_FOUND]);
    } finally {
      await setPassword('', '');
      await publish({ tour: true, website: true });
    }
  });
});
