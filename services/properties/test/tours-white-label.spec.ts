import { Database, uuidv7 } from '@tourly/platform';
import { aProperty } from './media-support';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

/**
 * The player link's white-label address (001 §3 "Share link types"), from identity's word over request-reply
 * (`identity.providers.addresses`): the provider's active white-label domain, else its subdomain, else none.
 */
describe('tours: the white-label link', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let identityDb: Database;
  let propertyId: string;

  const links = async () =>
    (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data.links;
  const setSubdomain = (subdomain: string | null) =>
    identityDb.dataSource.query('UPDATE providers SET subdomain = $2 WHERE id = $1', [
      provider.providerId,
      subdomain,
    ]);
  const setDomain = (status: 'pending' | 'active' | 'failed') =>
    identityDb.dataSource.query(
      `INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status) VALUES ($1, $2, 'tours.harbour-media.com', $3)
       ON CONFLICT (provider_id) DO UPDATE SET status = $3`,
      [uuidv7(), provider.providerId, status],
    );

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    identityDb = it_.platform.services.identity.app.get(Database);
    provider = await it_.signUp('Harbour Media');
    propertyId = await aProperty(provider, 'Seaside Villa');
  });
  afterAll(() => it_.stop());

  it('is none without a subdomain or an active white-label domain', async () => {
    await setSubdomain(null);
    const answer = await links();
    expect(answer.white_label).toBeNull();
    expect(answer.default).toMatch(/^http:\/\/localhost:3000\/tours\/[a-z0-9]{8}\/seaside-villa$/);
  });

  it('is on the subdomain, and on the white-label domain once that is active', async () => {
    await setSubdomain('harbour-media');
    const path = new URL((await links()).default).pathname;
    expect((await links()).white_label).toBe(`http://harbour-media.localhost:3000${path}`);
    await setDomain('pending');
    expect((await links()).white_label).toBe(`http://harbour-media.localhost:3000${path}`);
    await setDomain('active');
    expect((await links()).white_label).toBe(`https://tours.harbour-media.com${path}`);
    await setDomain('failed');
    expect((await links()).white_label).toBe(`http://harbour-media.localhost:3000${path}`);
  });
});
