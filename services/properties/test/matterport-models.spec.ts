import { MATTERPORT_MESSAGES } from '@tourly/contracts';
import { matterportAccountModels } from '@tourly/emulators';
import { eventually } from '@tourly/platform/testing';
import { AutoPopulation } from '../src/matterport/auto-population';
import { MATTERPORT_OFFSET_REFUSED } from '../src/matterport/matterport';
import {
  MATTERPORT_MODEL_NOT_FOUND,
  MATTERPORT_NOT_CONNECTED,
} from '../src/matterport/matterport-models.service';
import { connectMatterport } from '../../../test/support/matterport';
import { startPropertiesPlatform, type PropertiesPlatform } from './support';
import type { Person } from '../../../test/support/platform';

const SPACES = '/provider/properties/matterport_spaces.json';
const MODELS = '/provider/matterport_api/models';
const ROOMS = '/provider/matterport_api/rooms.json';
const INFO = '/provider/matterport_models/matterport_info.json';
const HARBOUR = matterportAccountModels('harbour-studio');
const DEMO_SCANS = matterportAccountModels('demo-scans');

/**
 * Each provider reads its own Matterport account (issue 17), through the gateway with the whole platform and the
 * Matterport emulator's OAuth: models, one model, rooms, the spaces picker and hero images; nothing without a
 * connection; a token Matterport refuses early renewed once; a refused renewal reading as broken; auto-population.
 */
describe('a provider’s own Matterport models', () => {
  let it_: PropertiesPlatform;
  let harbour: Person;
  let demoScans: Person;
  let unconnected: Person;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    [harbour, demoScans, unconnected] = await Promise.all([
      it_.signUp('Harbour Studio Media'),
      it_.signUp('Demo Scans Media'),
      it_.signUp('Unconnected Media'),
    ]);
    await connectMatterport(it_.base, harbour, 'harbour-studio');
    await connectMatterport(it_.base, demoScans, 'demo-scans');
  }, 60_000);
  afterAll(() => it_?.stop());

  const emulator = async (path: string, body?: object) => {
    const answer = await fetch(`${it_.emulators.url}/matterport${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  };
  const renewals = async () =>
    ((await emulator('/_oauth/stats')) as { token_requests: { refresh_token: number } }).token_requests
      .refresh_token;
  const namesOf = (items: Array<{ name: string }>) => items.map((model) => model.name).sort();

  it('shows a provider without a connection no models, and says what to do', async () => {
    const spaces = await unconnected.get(`${SPACES}?page_size=100`).expect(200);
    expect(spaces.body.data).toMatchObject({ items: [], total_count: 0 });
    const models = await unconnected.get(MODELS).expect(200);
    expect(models.body.data).toEqual({
      connection: 'not_connected',
      total_results: 0,
      next_offset: null,
      results: [],
    });
    const notConnected = { errors: { base: [MATTERPORT_NOT_CONNECTED] } };
    for (const path of [INFO, ROOMS]) {
      const refused = await unconnected.get(`${path}?matterport_key=${HARBOUR[0]!.id}`);
      expect([refused.status, refused.body]).toEqual([409, notConnected]);
    }
  });

  it('lists each connected provider its own account’s models only', async () => {
    const own = await harbour.get(`${SPACES}?page_size=100`).expect(200);
    expect(namesOf(own.body.data.items)).toEqual(namesOf(HARBOUR));
    expect(own.body.data.total_count).toBe(HARBOUR.length);
    const other = await demoScans.get(`${SPACES}?page_size=100`).expect(200);
    expect(namesOf(other.body.data.items)).toEqual(namesOf(DEMO_SCANS));
    const harbourIds = new Set(HARBOUR.map((model) => model.id));
    expect(other.body.data.items.some((model: { id: string }) => harbourIds.has(model.id))).toBe(false);
  });

  it('pages and searches the models as Matterport does', async () => {
    const first = await demoScans.get(`${MODELS}?limit=5`).expect(200);
    expect(first.body.data).toMatchObject({ connection: 'connected', total_results: DEMO_SCANS.length });
    expect(first.body.data.results).toHaveLength(5);
    expect(first.body.data.next_offset).toEqual(expect.any(String));
    const second = await demoScans
      .get(`${MODELS}?limit=5&offset=${encodeURIComponent(first.body.data.next_offset)}`)
      .expect(200);
    expect(second.body.data.results).toHaveLength(5);
    const ids = [...first.body.data.results, ...second.body.data.results].map(
      (model: { id: string }) => model.id,
    );
    expect(new Set(ids).size).toBe(10);

    const wanted = HARBOUR[0]!;
    const found = await harbour.get(`${MODELS}?query=${encodeURIComponent(wanted.name)}`).expect(200);
    expect(found.body.data.results.map((model: { id: string }) => model.id)).toEqual([wanted.id]);
    expect(found.body.data.next_offset).toBeNull();

    const tooMany = await harbour.get(`${MODELS}?limit=101`);
    expect([tooMany.status, tooMany.body.errors]).toEqual([422, { limit: ['must be at most 100'] }]);
    const forged = await harbour.get(`${MODELS}?offset=not-a-page`);
    expect([forged.status, forged.body.errors]).toEqual([422, { offset: [MATTERPORT_OFFSET_REFUSED] }]);
  });

  it('reads one model and its rooms from the provider’s own account, by id or link; another account’s is not found', async () => {
    const model = HARBOUR[0]!;
    const info = await harbour
      .get(`${INFO}?matterport_key=${encodeURIComponent(`https://my.matterport.com/show/?m=${model.id}`)}`)
      .expect(200);
    expect(info.body.data).toMatchObject({
      id: model.id,
      name: model.name,
      visibility: model.visibility,
      address: expect.stringContaining(model.address!.address1!),
    });
    const rooms = await harbour.get(`${ROOMS}?matterport_key=${model.id}`).expect(200);
    expect(rooms.body.data).toEqual({
      matterport_key: model.id,
      rooms: model.rooms.map((room) => ({
        id: room.id,
        label: room.label ?? null,
        floor: room.floor ? { id: room.floor.id, label: room.floor.label ?? null } : null,
      })),
    });
    expect(rooms.body.data.rooms.length).toBeGreaterThan(0);

    const notFound = { errors: { base: [MATTERPORT_MODEL_NOT_FOUND] } };
    for (const path of [INFO, ROOMS]) {
      const theirs = await demoScans.get(`${path}?matterport_key=${model.id}`);
      expect([theirs.status, theirs.body]).toEqual([404, notFound]);
    }
    const malformed = await harbour.get(`${INFO}?matterport_key=abc`);
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)).toEqual(['matterport_key']);
    expect((await harbour.get(ROOMS)).status).toBe(422);
  });

  it('gives a property its own model’s image as hero image; none for a model of another account', async () => {
    const create = async (person: Person, title: string, matterportKey: string) =>
      (
        await person
          .send('post', '/provider/properties', {
            create_tour_params: {
              title,
              address: '12 Harbour St, Sydney NSW 2000, Australia',
              matterport_key: matterportKey,
            },
          })
          .expect(201)
      ).body.data.id as string;
    const own = await create(harbour, 'Hero House', HARBOUR[1]!.id);
    const info = await harbour.get(`${INFO}?matterport_key=${HARBOUR[1]!.id}`).expect(200);
    const hero = await harbour.get(`/provider/properties/${own}/hero_image`).expect(200);
    expect(hero.body.data).toEqual({
      url: info.body.data.thumbnail_url,
      thumbnail_url: info.body.data.thumbnail_url,
      source: 'matterport',
    });
    const notTheirs = await create(demoScans, 'Borrowed House', HARBOUR[1]!.id);
    expect(
      (await demoScans.get(`/provider/properties/${notTheirs}/hero_image`).expect(200)).body.data,
    ).toEqual({
      url: null,
      thumbnail_url: null,
      source: null,
    });
    expect((await demoScans.get(`/provider/properties/${own}/hero_image`)).status).toBe(404);
  });

  it('lets the demo provider read the platform’s own account, and nobody else', async () => {
    const demo = await it_.signIn('provider@demo.test');
    const models = await demo.get(`${MODELS}?limit=100`).expect(200);
    expect(models.body.data.connection).toBe('platform');
    expect(models.body.data.total_results).toBeGreaterThan(0);
    const connection = await demo.get('/provider/matterport_auth/connection').expect(200);
    expect(connection.body.data.status).toBe('platform');
    expect((await unconnected.get('/provider/matterport_auth/connection').expect(200)).body.data.status).toBe(
      'not_connected',
    );
  });

  it('renews a token Matterport refuses early, once for many requests at the same time', async () => {
    const before = await renewals();
    // Matterport forgets the access tokens it issued; identity still holds them as valid for most of the hour.
    await emulator('/_oauth/expire_access_tokens', { account: 'harbour-studio' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => harbour.get(`${SPACES}?page_size=100`)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(namesOf(answer.body.data.items)).toEqual(namesOf(HARBOUR));
    }
    expect((await renewals()) - before).toBe(1);
  });

  it('reads nothing once Matterport refuses to renew, and says the connection is broken', async () => {
    const revoked = await it_.signUp('Revoked Media');
    await connectMatterport(it_.base, revoked, 'harbour-studio');
    expect((await revoked.get(`${SPACES}?page_size=100`).expect(200)).body.data.total_count).toBe(
      HARBOUR.length,
    );
    // The account owner withdrew the platform's access at Matterport: its tokens (every provider's on that
    // account) stop working, and the refresh is refused.
    await emulator('/_oauth/revoke', { account: 'harbour-studio' });
    const models = await revoked.get(MODELS).expect(200);
    expect(models.body.data).toMatchObject({ connection: 'broken', results: [] });
    const refused = await revoked.get(`${INFO}?matterport_key=${HARBOUR[0]!.id}`);
    expect([refused.status, refused.body]).toEqual([
      409,
      { errors: { base: [MATTERPORT_MESSAGES.refreshRefused] } },
    ]);
    const connection = await revoked.get('/provider/matterport_auth/connection').expect(200);
    expect(connection.body.data).toMatchObject({
      status: 'broken',
      broken_reason: MATTERPORT_MESSAGES.refreshRefused,
    });
    // Connecting again mends it.
    await connectMatterport(it_.base, revoked, 'harbour-studio');
    expect((await revoked.get(`${SPACES}?page_size=100`).expect(200)).body.data.total_count).toBe(
      HARBOUR.length,
    );
    // The same revocation broke the first provider on that account too: it connects again for the tests after.
    await connectMatterport(it_.base, harbour, 'harbour-studio');
  });

  describe('auto-population', () => {
    const titlesOf = async (person: Person) =>
      (
        (await person.get('/provider/properties?page_size=100').expect(200)).body.data.items as Array<{
          title: string;
        }>
      )
        .map((property) => property.title)
        .sort();
    const toggle = (person: Person, enabled: boolean) =>
      person
        .send('post', '/provider/settings/toggle_auto_populate_models', { auto_populate_models: enabled })
        .expect(200);

    it('makes a property for each model of the connected account once it is turned on, once', async () => {
      const studio = await it_.signUp('Auto Studio');
      await toggle(studio, true);
      // Not connected yet: nothing to read, nothing made.
      expect(await titlesOf(studio)).toEqual([]);
      await connectMatterport(it_.base, studio, 'harbour-studio');
      const made = await eventually(
        () => titlesOf(studio),
        (titles) => titles.length === HARBOUR.length,
        'a property per model',
        20_000,
      );
      expect(made).toEqual(namesOf(HARBOUR));
      const listed = (await studio.get('/provider/properties?page_size=100').expect(200)).body.data
        .items as Array<{
        id: string;
        title: string;
        matterport_key: string;
      }>;
      for (const property of listed)
        expect(property.matterport_key).toBe(HARBOUR.find((model) => model.name === property.title)!.id);

      // A property deleted is not made again, whenever the account is read next.
      const deleted = listed[0]!;
      await studio.send('delete', `/provider/properties/${deleted.id}`).expect(200);
      await it_.propertiesDb.dataSource.query(
        'UPDATE matterport_auto_population SET next_run_at = now() WHERE provider_id = $1',
        [studio.providerId],
      );
      await it_.platform.services.properties.app.get(AutoPopulation).runDue();
      expect(await titlesOf(studio)).toEqual(namesOf(HARBOUR).filter((name) => name !== deleted.title));
      const [{ outcomes }] = (await it_.propertiesDb.dataSource.query(
        `SELECT count(*) FILTER (WHERE outcome = 'created')::int AS outcomes FROM matterport_populated_models
          WHERE provider_id = $1`,
        [studio.providerId],
      )) as Array<{ outcomes: number }>;
      expect(outcomes).toBe(HARBOUR.length);
    });

    it('leaves a model the provider already has a property of alone', async () => {
      const off = await it_.signUp('Manual Studio');
      await connectMatterport(it_.base, off, 'harbour-studio');
      const had = HARBOUR[2]!;
      await off
        .send('post', '/provider/properties', {
          create_tour_params: {
            title: 'My own title',
            address: '18 Darling Street, Balmain East',
            matterport_key: had.id,
          },
        })
        .expect(201);
      expect(await titlesOf(off)).toEqual(['My own title']);
      await toggle(off, true);
      const made = await eventually(
        () => titlesOf(off),
        (titles) => titles.length === HARBOUR.length,
        'a property per model but the one it had',
        20_000,
      );
      expect(made).toEqual([...namesOf(HARBOUR).filter((name) => name !== had.name), 'My own title'].sort());
    });
  });
});
