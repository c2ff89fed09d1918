import { PLAYER_MESSAGES, tourPublicId } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import { aProperty } from '../../properties/test/media-support';
import {
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from '../../../test/support/platform';

const NOT_FOUND = JSON.stringify({ errors: { base: [PLAYER_MESSAGES.tourNotFound] } });

/** A shared tour: the public id the player asks for, and the property a visitor should see behind it. */
interface SharedTour {
  publicId: string;
  propertyId: string;
  title: string;
}

/**
 * Host routing (issue 13): the tours' pages and the player's API on a provider's subdomain of the app's host
 * (`{subdomain}.localhost` under the tests' APP_URL) and its active white-label domain show that provider's tours
 * only; another host is the app's; a client cannot claim a host's provider itself.
 */
describe('host routing', () => {
  let it_: PlatformWithEmulators;
  let harbour: Person;
  let other: Person;
  let harbourTour: SharedTour;
  let otherTour: SharedTour;

  const base = (tour: SharedTour, host: string, headers: Record<string, string> = {}) =>
    it_.http.get(`/digital_twin/${tour.publicId}/layers/base.json`).set({ host, ...headers });

  /** Which tour a host showed: the status, and the public id and property of the answer (none for a refusal). */
  const shownOn = async (tour: SharedTour, host: string, headers: Record<string, string> = {}) => {
    const answer = await base(tour, host, headers);
    const data = answer.status === 200 ? answer.body.data : undefined;
    return {
      host,
      status: answer.status,
      tour: data && { publicId: data.id, propertyId: data.property.id, title: data.property.title },
      ...(answer.status !== 200 && { text: answer.text }),
    };
  };
  const shows = (tour: SharedTour, host: string) => ({ host, status: 200, tour });
  const refuses = (host: string) => ({ host, status: 404, tour: undefined, text: NOT_FOUND });

  /** A shared tour of the person's (a paid plan, the published feature `tour`). */
  const aSharedTour = async (person: Person, title: string): Promise<SharedTour> => {
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
    return { publicId: tourPublicId(link.client_slug, link.model_slug), propertyId, title };
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
      expect(await shownOn(harbourTour, host)).toEqual(shows(harbourTour, host));
      expect(await shownOn(otherTour, host)).toEqual(refuses(host));
    }
  });

  it('treats the app’s host, an unknown host and a pending domain as the app’s: every shared tour shows', async () => {
    for (const host of ['localhost:3000', 'nobody.localhost', 'unknown.example', 'tours.pending.example']) {
      expect(await shownOn(harbourTour, host)).toEqual(shows(harbourTour, host));
      expect(await shownOn(otherTour, host)).toEqual(shows(otherTour, host));
    }
  });

  it('drops a client’s own claim of whose host it is', async () => {
    const claim = { 'x-host-provider-id': other.providerId };
    expect(await shownOn(harbourTour, 'claims.example', claim)).toEqual(shows(harbourTour, 'claims.example'));
    expect(await shownOn(otherTour, 'harbour-hosts.localhost', claim)).toEqual(
      refuses('harbour-hosts.localhost'),
    );
    // Nor does the claim hide the host's own tour.
    expect(await shownOn(harbourTour, 'harbour-hosts.localhost', claim)).toEqual(
      shows(harbourTour, 'harbour-hosts.localhost'),
    );
  });

  it('keeps a public tour’s answer a moment, per host, answering 304 to a copy that is still fresh', async () => {
    const first = await base(otherTour, 'localhost:3000');
    expect(first.status).toBe(200);
    expect(first.body.data.property).toMatchObject({ id: otherTour.propertyId, title: otherTour.title });
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
    const down = await other.send('put', `/provider/properties/${otherTour.propertyId}/published_features`, {
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
