import { PLAYER_MESSAGES, tourPublicId } from '@tourly/contracts';
import { one, uuidv7 } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { SCENE_LIMITS, SCENE_MESSAGES } from '../src/staging/scenes/staging-scenes.rules';
import { aProperty, multipart, postMultipart } from './media-support';
import { assetFields, glb, onPlan } from './staging-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

const scenePath = (propertyId: string) => `/provider/properties/${propertyId}/vt_staging`;

/**
 * Issue 36, staging scenes (properties alone, with storage): a property's scene of library assets, saved to its draft,
 * published with the tour's layers, read by the player (scene.json, base.json's model credits); the creator studio's
 * plans only; an asset a published scene places is archived, never deleted.
 */
describe('staging scenes', () => {
  let it_: PropertiesAlone;
  let admin: Person;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    admin = it_.staff();
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;

  /** A provider on the Creator plan with a property whose tour is shared. */
  const aStager = async () => {
    const person = await it_.signUp('Stager');
    const propertyId = await aProperty(person);
    await shareTour(it_, person, propertyId);
    await onPlan(it_, person, 'vt_creator_plan');
    return { person, propertyId };
  };

  const anAsset = async (
    person: Person,
    path: string,
    name: string,
    credit?: { uid: string; name: string },
  ): Promise<string> => {
    const answer = await postMultipart(
      it_,
      person,
      path,
      multipart(
        'asset[file]',
        { filename: 'piece.glb', content: await glb(), contentType: 'model/gltf-binary' },
        assetFields({ name, category: 'sofas', credit }),
      ),
    );
    expect(answer.status).toBe(201);
    return answer.body.data!.id as string;
  };
  const platformAsset = (name: string, credit?: { uid: string; name: string }) =>
    anAsset(admin, '/admin/vt_staging/assets', name, credit);
  const ownAsset = (person: Person, name: string) =>
    anAsset(person, '/provider/vt_staging/assets.json', name);

  const placement = (assetId: string, overrides: Record<string, unknown> = {}) => ({
    asset_id: assetId,
    position: { x: 1.5, y: 0, z: -2.25 },
    yaw: 90,
    scale: 1,
    floor: 0,
    ...overrides,
  });
  const save = (person: Person, propertyId: string, placements: unknown[]) =>
    person.send('post', `${scenePath(propertyId)}/scene`, { scene: { placements } });
  const publishLayers = async (person: Person, propertyId: string, publish = true) => {
    const slug = (await person.get(`/provider/properties/${propertyId}`)).body.data.slug as string;
    const answer = await person.send('put', '/provider/virtual_tours/layers/publish', {
      property_slug: slug,
      publish,
    });
    expect(answer.status).toBe(200);
  };
  const publicIdOf = async (person: Person, propertyId: string) => {
    const link = (await person.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    return tourPublicId(link.client_slug, link.model_slug);
  };
  const storedScene = (propertyId: string) =>
    one<{ draft: unknown; published: unknown }>(
      db(),
      'SELECT draft, published FROM staging_scenes WHERE property_id = $1',
      [propertyId],
    );

  describe('the creator studio gate', () => {
    it('refuses every staging route below the Creator plan in words, and saves nothing', async () => {
      const person = await it_.signUp('Starter');
      const propertyId = await aProperty(person);
      await shareTour(it_, person, propertyId);
      const asset = await platformAsset('Gate sofa');
      const answers = [
        await person.get(`${scenePath(propertyId)}/`),
        await save(person, propertyId, [placement(asset)]),
        await person.send('patch', `${scenePath(propertyId)}/settings`, {
          scene_settings: { shadows: false },
        }),
        await person.get(`${scenePath(propertyId)}/creator_studio_props`),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ errors: { base: [SCENE_MESSAGES.needsCreatorStudio] } });
      }
      expect(await storedScene(propertyId)).toBeUndefined();

      await onPlan(it_, person, 'experience_creator_plan');
      expect((await save(person, propertyId, [placement(asset)])).status).toBe(200);
    });
  });

  describe("another provider's property", () => {
    it('is not found on every route, and nothing is saved', async () => {
      const { propertyId } = await aStager();
      const { person: other } = await aStager();
      const asset = await platformAsset('Elsewhere sofa');
      const answers = [
        await other.get(`${scenePath(propertyId)}/?scene_data=true`),
        await save(other, propertyId, [placement(asset)]),
        await other.send('patch', `${scenePath(propertyId)}/settings`, {
          scene_settings: { shadows: false },
        }),
        await other.get(`${scenePath(propertyId)}/creator_studio_props`),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ errors: { base: ['Property not found'] } });
      }
      expect(await storedScene(propertyId)).toBeUndefined();
    });
  });

  describe('the draft', () => {
    it('starts empty with the default settings', async () => {
      const { person, propertyId } = await aStager();
      const answer = await person.get(`${scenePath(propertyId)}/?scene_data=true`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        property_id: propertyId,
        has_draft: false,
        draft_saved_at: null,
        published_at: null,
        settings: { lighting: 'natural', global_lighting: false, shadows: true },
        placement_count: 0,
        placements: [],
      });
    });

    it("saves placements of the platform's assets and the provider's own, each with its model's link", async () => {
      const { person, propertyId } = await aStager();
      const sofa = await platformAsset('Platform sofa');
      const lamp = await ownAsset(person, 'Own lamp');
      const saved = await save(person, propertyId, [
        placement(sofa, { id: 'sofa-1' }),
        placement(lamp, { position: { x: -3, y: 0.4, z: 12 }, yaw: 0, scale: 0.5, floor: 1 }),
      ]);
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ has_draft: true, published_at: null, placement_count: 2 });
      const [first, second] = saved.body.data.placements;
      expect(first).toMatchObject({
        id: 'sofa-1',
        asset_id: sofa,
        position: { x: 1.5, y: 0, z: -2.25 },
        yaw: 90,
        scale: 1,
        floor: 0,
        asset: { id: sofa, name: 'Platform sofa', archived: false, credit: null },
      });
      expect(first.asset.url).toMatch(/^http.*X-Amz-Signature=/);
      expect(second).toMatchObject({
        asset_id: lamp,
        position: { x: -3, y: 0.4, z: 12 },
        scale: 0.5,
        floor: 1,
      });
      expect(second.id).toMatch(/\S/);

      const summary = await person.get(`${scenePath(propertyId)}/`);
      expect(summary.body.data.placement_count).toBe(2);
      expect(summary.body.data).not.toHaveProperty('placements');
    });

    it("refuses another provider's asset in words, and saves nothing", async () => {
      const { person, propertyId } = await aStager();
      const { person: other } = await aStager();
      const mine = await platformAsset('Fine sofa');
      const theirs = await ownAsset(other, 'Their chair');
      const answer = await save(person, propertyId, [placement(mine), placement(theirs)]);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        errors: { 'scene.placements.1.asset_id': [SCENE_MESSAGES.notYourAsset] },
      });
      expect(await storedScene(propertyId)).toBeUndefined();
      const unknown = await save(person, propertyId, [placement(uuidv7())]);
      expect(unknown.body).toEqual({
        errors: { 'scene.placements.0.asset_id': [SCENE_MESSAGES.notYourAsset] },
      });
    });

    it('refuses positions, turns, scales and floors out of bounds, and too many placements, in words', async () => {
      const { person, propertyId } = await aStager();
      const sofa = await platformAsset('Bounded sofa');
      const first = await save(person, propertyId, [placement(sofa)]);
      expect(first.status).toBe(200);
      const before = await storedScene(propertyId);

      const bad = await save(person, propertyId, [
        placement(sofa, { position: { x: 501, y: 0, z: 'near' }, yaw: 361, scale: 0.05, floor: 1.5 }),
        placement(sofa, { scale: 11, floor: -1, position: undefined }),
      ]);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        'scene.placements.0.position.x': [`must be at most ${SCENE_LIMITS.position}`],
        'scene.placements.0.position.z': ['must be a number'],
        'scene.placements.0.yaw': ['must be at most 360'],
        'scene.placements.0.scale': [`must be at least ${SCENE_LIMITS.scale.min}`],
        'scene.placements.0.floor': ['must be a whole number'],
        'scene.placements.1.scale': [`must be at most ${SCENE_LIMITS.scale.max}`],
        'scene.placements.1.floor': ['must be at least 0'],
        'scene.placements.1.position': ['Required'],
      });

      const tooMany = await save(
        person,
        propertyId,
        Array.from({ length: SCENE_LIMITS.placements + 1 }, () => placement(sofa)),
      );
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.errors).toEqual({
        'scene.placements': [`must list at most ${SCENE_LIMITS.placements}`],
      });

      const repeated = await save(person, propertyId, [
        placement(sofa, { id: 'a' }),
        placement(sofa, { id: 'a' }),
      ]);
      expect(repeated.body.errors).toEqual({ 'scene.placements.1.id': [SCENE_MESSAGES.repeatedPlacementId] });
      expect(await storedScene(propertyId)).toEqual(before);
    });

    it('changes the settings given (sceneSettings), keeps the others and the placements, and refuses bad ones', async () => {
      const { person, propertyId } = await aStager();
      const sofa = await platformAsset('Lit sofa');
      await save(person, propertyId, [placement(sofa)]);
      const changed = await person.send('patch', `${scenePath(propertyId)}/settings`, {
        scene_settings: { lighting: 'evening', global_lighting: true },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({
        settings: { lighting: 'evening', global_lighting: true, shadows: true },
        placement_count: 1,
        has_draft: true,
      });
      const bad = await person.send('patch', `${scenePath(propertyId)}/settings`, {
        scene_settings: { lighting: 'neon', shadows: 'yes' },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        'scene_settings.lighting': ['must be one of: natural, warm, cool, evening'],
        'scene_settings.shadows': ['must be true or false'],
      });
      const after = await person.get(`${scenePath(propertyId)}/`);
      expect(after.body.data.settings).toEqual({ lighting: 'evening', global_lighting: true, shadows: true });
    });
  });

  describe('creator_studio_props', () => {
    it('gives the categories, the first page of the library and its size, the limits and the settings', async () => {
      const { person, propertyId } = await aStager();
      const own = await ownAsset(person, 'Props chair');
      const answer = await person.get(`${scenePath(propertyId)}/creator_studio_props`);
      expect(answer.status).toBe(200);
      const props = answer.body.data;
      expect(props.categories[0]).toEqual({ id: 'sofas', name: 'Sofas', position: 1 });
      expect(props.assets[0]).toMatchObject({ id: own, name: 'Props chair', library: 'provider' });
      expect(props.assets.length).toBeLessThanOrEqual(SCENE_LIMITS.assetsPage);
      expect(props.asset_count).toBeGreaterThanOrEqual(props.assets.length);
      expect(props.limits).toEqual({
        placements: SCENE_LIMITS.placements,
        position: SCENE_LIMITS.position,
        scale_min: SCENE_LIMITS.scale.min,
        scale_max: SCENE_LIMITS.scale.max,
        floors: SCENE_LIMITS.floors,
      });
      expect(props.lighting_presets).toEqual(['natural', 'warm', 'cool', 'evening']);
      expect(props.default_settings).toEqual({ lighting: 'natural', global_lighting: false, shadows: true });
    });
  });

  describe('publishing and the player', () => {
    it("shows visitors only the published scene, with each model's link and each third-party model credited once", async () => {
      const { person, propertyId } = await aStager();
      const publicId = await publicIdOf(person, propertyId);
      const credited = { uid: `m${uuidv7().slice(-8)}`, name: 'Velvet sofa' };
      const sofa = await platformAsset('Velvet sofa', credited);
      const other = { uid: `m${uuidv7().slice(-8)}`, name: 'Oak table' };
      const table = await platformAsset('Oak table', other);
      const lamp = await ownAsset(person, 'Plain lamp');
      const sceneJson = () => it_.http.get(`/vt_staging/${publicId}/scene.json`);
      const base = async () => (await it_.http.get(`/digital_twin/${publicId}/layers/base.json`)).body.data;
      const credits = async () => (await base()).model_credits;

      await save(person, propertyId, [placement(sofa), placement(table), placement(sofa), placement(lamp)]);
      expect((await sceneJson()).status).toBe(404);
      expect((await sceneJson()).body).toEqual({ errors: { base: [SCENE_MESSAGES.sceneNotFound] } });
      expect(await credits()).toEqual([]);
      expect((await base()).virtual_staging).toBe(false);

      await publishLayers(person, propertyId);
      const published = await sceneJson();
      expect(published.status).toBe(200);
      const scene = published.body.data;
      expect(scene.id).toBe(publicId);
      expect(scene.settings).toEqual({ lighting: 'natural', global_lighting: false, shadows: true });
      expect(scene.placements.map((shown: { asset_id: string }) => shown.asset_id)).toEqual([
        sofa,
        table,
        sofa,
        lamp,
      ]);
      expect(scene.placements[0].asset.url).toMatch(/X-Amz-Signature=/);
      const creditOf = (model: { uid: string; name: string }) => ({
        model: {
          uid: model.uid,
          name: model.name,
          thumbnail_url: `https://media.sketchfab.test/${model.uid}/thumb.jpg`,
        },
        user: { name: 'Ada Modeller', profile_url: 'https://sketchfab.test/ada' },
        license: { label: 'CC Attribution', url: 'https://creativecommons.org/licenses/by/4.0/' },
      });
      expect(scene.model_credits).toEqual([creditOf(credited), creditOf(other)]);
      // base.json is kept built PLAYER_CACHE_SECONDS: the credits show once it is built again.
      const shown = await eventually(credits, (listed: unknown[]) => listed.length > 0, 'the credits');
      expect(shown).toEqual([creditOf(credited), creditOf(other)]);
      expect((await base()).virtual_staging).toBe(true);

      // A new draft is the provider's until the layers are published again.
      await save(person, propertyId, [placement(lamp)]);
      const stillPublished = await sceneJson();
      expect(stillPublished.body.data.placements).toHaveLength(4);
      expect((await person.get(`${scenePath(propertyId)}/`)).body.data).toMatchObject({
        has_draft: true,
        placement_count: 1,
      });
      await publishLayers(person, propertyId);
      expect((await sceneJson()).body.data.placements).toHaveLength(1);
      expect((await sceneJson()).body.data.model_credits).toEqual([]);

      // Taking the layers down takes the scene down; it stays as the draft.
      await publishLayers(person, propertyId, false);
      expect((await sceneJson()).status).toBe(404);
      expect((await person.get(`${scenePath(propertyId)}/`)).body.data).toMatchObject({
        has_draft: true,
        published_at: null,
        placement_count: 1,
      });
    });

    it('answers 404 for a tour that is not shared, as the player does', async () => {
      const person = await it_.signUp('Unshared');
      const propertyId = await aProperty(person);
      await onPlan(it_, person, 'vt_creator_plan');
      const publicId = await publicIdOf(person, propertyId);
      const sofa = await platformAsset('Hidden sofa');
      await save(person, propertyId, [placement(sofa)]);
      await publishLayers(person, propertyId);
      const answer = await it_.http.get(`/vt_staging/${publicId}/scene.json`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ errors: { base: [PLAYER_MESSAGES.tourNotFound] } });
      expect((await it_.http.get('/vt_staging/not-a-tour/scene.json')).status).toBe(404);
    });
  });

  describe('deleting an asset', () => {
    const logsOf = async (assetId: string) =>
      (await admin.get(`/admin/vt_staging/asset/logs.json?asset_id=${assetId}`)).body.data.items.map(
        (entry: { action: string }) => entry.action,
      );
    const stillThere = async (assetId: string) =>
      (
        await one<{ archived: boolean }>(
          db(),
          'SELECT archived_at IS NOT NULL AS archived FROM staging_assets WHERE id = $1',
          [assetId],
        )
      )?.archived;

    it('archives it while a published scene places it (provider and admin alike), so visitors keep it', async () => {
      const { person, propertyId } = await aStager();
      const publicId = await publicIdOf(person, propertyId);
      const own = await ownAsset(person, 'Placed chair');
      const platform = await platformAsset('Placed sofa');
      await save(person, propertyId, [placement(own), placement(platform)]);
      await publishLayers(person, propertyId);

      expect((await person.send('delete', `/provider/vt_staging/assets/${own}.json`)).status).toBe(204);
      expect((await admin.send('delete', `/admin/vt_staging/assets/${platform}`)).status).toBe(204);
      expect(await stillThere(own)).toBe(true);
      expect(await stillThere(platform)).toBe(true);
      expect(await logsOf(own)).toEqual(['archived', 'created']);
      expect(await logsOf(platform)).toEqual(['archived', 'created']);

      const library = await person.get('/provider/vt_staging/assets.json?page_size=100');
      const listed = library.body.data.items.map((item: { id: string }) => item.id);
      expect(listed).not.toContain(own);
      expect(listed).not.toContain(platform);
      const scene = (await it_.http.get(`/vt_staging/${publicId}/scene.json`)).body.data;
      expect(scene.placements.map((shown: { asset: { archived: boolean } }) => shown.asset.archived)).toEqual(
        [true, true],
      );
      // The archived asset may stay where it stood when the scene is saved again; it cannot be placed anew elsewhere.
      expect((await save(person, propertyId, [placement(own)])).status).toBe(200);
      const elsewhere = await aProperty(person, 'Second home');
      expect((await save(person, elsewhere, [placement(own)])).status).toBe(422);
    });

    it('deletes it when only a draft places it; the draft then shows the placement no more', async () => {
      const { person, propertyId } = await aStager();
      const own = await ownAsset(person, 'Draft chair');
      await save(person, propertyId, [placement(own)]);
      expect((await person.send('delete', `/provider/vt_staging/assets/${own}.json`)).status).toBe(204);
      expect(await stillThere(own)).toBeUndefined();
      expect(await logsOf(own)).toEqual(['deleted', 'created']);
      expect((await person.get(`${scenePath(propertyId)}/?scene_data=true`)).body.data.placements).toEqual(
        [],
      );
    });
  });
});
