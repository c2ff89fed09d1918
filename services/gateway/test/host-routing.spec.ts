import { PLAYER_MESSAGES, tourPublicId } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import { aProperty } from '../../properties/test/media-support';
import {
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from '../../../test/support/platform';

const NOT_FOUND = JSON.stringify({ errors: { base: [PLAYER_MESSAGES.tourNotFound] } });

/**
 * Host routing (issue 13): the tours' pages and the player's API on a provider's subdomain of the app's host
 * (`{subdomain}.localhost` under the tests' APP_URL) and its active white-label domain show that provider's tours
 * only; another host is the app's; a client cannot claim a host's provider itself.
 */
describe('host routing', () => {
  let it_: PlatformWithEmulators;
  let harbour: Person;
  let other: Person;
  let harbourTour: string;
  let otherTour: string;

  const base = (publicId: string, host: string, headers: Record<string, string> = {}) =>
    it_.http.get(`/digital_twin/${publicId}/layers/base.json`).set({ host, ...headers });

  /** A shared tour of the person's (a paid plan, the published feature `tour`); its public id. */
  const aSharedTour = async (person: Person, title: string) => {
    await it_.propertiesDb.dataSource.query(
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, 'vt_creator_plan', 'active', 100, now()) ON CONFLICT DO NOTHING`,
      [person.providerId],
    );
    const propertyId = await aProperty(person, title);
    const shared = await person.send('put', `/provider/properties/${propertyId}/published_features`, {
      published_features: { tour: true },
    });
    expect(shared.status).toBe(200);
    const link = (await person.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    return tourPublicId(link.client_slug, link.model_slug);
  };

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators();
    harbour = await it_.signUp('Harbour Hosts');
    other = await it_.signUp('Other Hosts');
    const identityDb = it_.platform.services.identity.app.get(Database).dataSource;
    await identityDb.query("UPDATE providers SET subdomain = 'harbour-hosts' WHERE id = $1", [
      harbour.providerId,
    ]);
    await identityDb.query(
      `INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status) VALUES ($1, $2, 'tours.harbour.example', 'active'),
              ($3, $4, 'tours.pending.example', 'pending')`,
      [uuidv7(), harbour.providerId, uuidv7(), other.providerId],
    );
    // White-label domains come with Creator: identity's projection of the plan (a paused domain serves nothing).
    await identityDb.query(
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, 'vt_creator_plan', 'active', 100, now())`,
      [harbour.providerId],
    );
    harbourTour = await aSharedTour(harbour, 'Harbour Hosts Villa');
    otherTour = await aSharedTour(other, 'Other Hosts Villa');
  });
  afterAll(() => it_.stop());

  it('shows a provider’s tours on its subdomain and active white-label domain, and no one else’s', async () => {
    for (const host of ['harbour-hosts.localhost', 'HARBOUR-HOSTS.localhost:3000', 'tours.harbour.example']) {
      expect((await base(harbourTour, host)).status).toBe(200);
      const foreign = await base(otherTour, host);
      expect({ host, status: foreign.status, text: foreign.text }).toEqual({
        host,
        status: 404,
        text: NOT_FOUND,
      });
    }
  });

  it('treats the app’s host, an unknown host and a pending domain as the app’s: every shared tour shows', async () => {
    for (const host of ['localhost:3000', 'nobody.localhost', 'unknown.example', 'tours.pending.example']) {
      expect((await base(harbourTour, host)).status).toBe(200);
      expect((await base(otherTour, host)).status).toBe(200);
    }
  });

  it('drops a client’s own claim of whose host it is', async () => {
    const claimed = await base(harbourTour, 'claims.example', { 'x-host-provider-id': other.providerId });
    expect(claimed.status).toBe(200);
    const onHarbour = await base(otherTour, 'harbour-hosts.localhost', {
      'x-host-provider-id': other.providerId,
    });
    expect(onHarbour.status).toBe(404);
  });

  it('keeps a public tour’s answer a moment, per host, answering 304 to a copy that is still fresh', async () => {
    const first = await base(otherTour, 'localhost:3000');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, must-revalidate');
    const revalidated = await base(otherTour, 'localhost:3000', { 'if-none-match': first.headers.etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    const again = await base(otherTour, 'localhost:3000');
    expect(again.text).toBe(first.text);
    // Past the moment it is kept, the gateway asks again and still answers the copy's ETag with a 304.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const later = await base(otherTour, 'localhost:3000', { 'if-none-match': first.headers.etag });
    expect({ status: later.status, etag: later.headers.etag }).toEqual({
      status: 304,
      etag: first.headers.etag,
    });
    // Kept for the app's host only: on another provider's host the same URL is still not found.
    expect((await base(otherTour, 'harbour-hosts.localhost')).text).toBe(NOT_FOUND);

    // Taken down, it stops answering within the moment it is kept (here and in properties).
    const propertyId = first.body.data.property.id;
    const down = await other.send('put', `/provider/properties/${propertyId}/published_features`, {
      published_features: { tour: false },
    });
    expect(down.status).toBe(200);
    const deadline = Date.now() + 6000;
    while ((await base(otherTour, 'localhost:3000')).status !== 404) {
      if (Date.now() > deadline) throw new Error('still answered after 6 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
