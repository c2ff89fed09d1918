import { seedDemoData } from '@tourly/properties';
import { startProperties, type PropertiesAlone } from './support';

/** `npm start` gives the demo provider a property per demo Matterport model, geocoded, once. */
describe('demo properties', () => {
  let it_: PropertiesAlone;
  beforeAll(async () => {
    it_ = await startProperties();
  });
  afterAll(() => it_.stop());

  it('creates one property per Matterport model of the account, and nothing the second time', async () => {
    const provider = await it_.signUp('Seeded Media');
    const spaces = await provider.get('/provider/properties/matterport_spaces.json?page_size=100');
    const properties = it_.service;
    const made = await seedDemoData(properties, provider.providerId);
    expect(made).toBe(spaces.body.data.total_count);
    expect(made).toBeGreaterThan(0);
    expect(await seedDemoData(properties, provider.providerId)).toBe(0);

    const listed = await provider.get('/provider/properties?page_size=100');
    expect(listed.body.data.total_count).toBe(made);
    expect(listed.body.data.items[0].geocoded_address.latitude).toEqual(expect.any(Number));
  });
});
