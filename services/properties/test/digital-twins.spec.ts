import { MESSAGES } from '@tourly/contracts';
import { one } from '@tourly/platform';
import { ALIGNMENT_MAX_ERROR_M, ALIGNMENT_MESSAGES } from '../src/digital-twin/alignment.rules';
import { DIGITAL_TWIN_MESSAGES, DIGITAL_TWIN_NOT_FOUND } from '../src/digital-twin/digital-twin.rules';
import { PROPERTY_NOT_FOUND } from '../src/properties/property-scope';
import { aProperty, multipart, postMultipart } from './media-support';
import { assetFields, glb, onPlan } from './staging-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

const twinPath = (propertyId: string) => `/provider/properties/${propertyId}/digital_twin`;

/** Model points of a house, and where the scan has them: a quarter turn about the vertical, moved 3 m and 1 m up. */
const HOUSE = [
  { x: 0, y: 0, z: 0 },
  { x: 10, y: 0, z: 0 },
  { x: 10, y: 0, z: 8 },
  { x: 5, y: 6, z: 4 },
];
const inScan = ({ x, y, z }: { x: number; y: number; z: number }) => ({ x: z + 3, y: y + 1, z: 0 - x });
const pairs = (points = HOUSE) => points.map((model) => ({ scan: inScan(model), model }));

/**
 * Issue 37, digital twins (properties alone, with storage): a property's exterior model from the staging library, its
 * config, and its alignment by pairs of points; another provider's property and twin are not found, bad input is
 * refused in words and changes nothing; the back office lists every provider's twins.
 */
describe('digital twins', () => {
  let it_: PropertiesAlone;
  let admin: Person;
  let libraryModel: string;

  const db = () => it_.propertiesDb.dataSource;
  const storedTwin = (propertyId: string) =>
    one<{ alignment: string; config: unknown; alignment_points: unknown; rms_error_m: number | null }>(
      db(),
      'SELECT alignment, config, alignment_points, rms_error_m FROM digital_twins WHERE property_id = $1',
      [propertyId],
    );

  /** The `digital_twin.aligned` events the property's alignments published, oldest first. */
  const announced = async (propertyId: string) =>
    (
      await db().query(
        `SELECT envelope -> 'data' AS data FROM outbox
          WHERE subject = 'properties.digital_twin.aligned.v1' AND envelope -> 'data' ->> 'property_id' = $1
          ORDER BY created_at, id`,
        [propertyId],
      )
    ).map((row: { data: unknown }) => row.data);

  const anAsset = async (person: Person, path: string, name: string): Promise<string> => {
    const answer = await postMultipart(
      it_,
      person,
      path,
      multipart(
        'asset[file]',
        { filename: 'house.glb', content: await glb({ size: [10, 6, 8] }), contentType: 'model/gltf-binary' },
        assetFields({ name, category: 'sofas' }),
      ),
    );
    expect(answer.status).toBe(201);
    return answer.body.data!.id as string;
  };

  /** A provider with a property that has a twin of the library's model. */
  const aTwin = async () => {
    const person = await it_.signUp('Twin Maker');
    const propertyId = await aProperty(person);
    const created = await person.send('post', twinPath(propertyId), {
      digital_twin: { asset_id: libraryModel },
    });
    expect(created.status).toBe(201);
    return { person, propertyId, twin: created.body.data.digital_twin };
  };

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    admin = it_.staff();
    libraryModel = await anAsset(admin, '/admin/vt_staging/assets', 'Street and garden');
  });
  afterAll(() => it_.stop());

  it('creates a twin pending alignment with the default config, shows its model, and refuses a second', async () => {
    const { person, propertyId, twin } = await aTwin();
    expect(twin).toMatchObject({
      property_id: propertyId,
      alignment: 'pending_alignment',
      config: { visible: true, opacity: 1, lighting: 'scan', hidden_floors: [] },
      transform: null,
      rms_error: null,
      aligned_at: null,
      asset: { id: libraryModel, name: 'Street and garden', library: 'platform' },
    });
    expect(twin.asset.url).toEqual(expect.any(String));
    // The model's links are signed anew on each read.
    const signed = { url: expect.any(String), thumbnail_url: expect.any(String) };
    expect((await person.get(twinPath(propertyId))).body.data.digital_twin).toEqual({
      ...twin,
      asset: { ...twin.asset, ...signed },
    });

    const again = await person.send('post', twinPath(propertyId), {
      digital_twin: { asset_id: libraryModel },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ base: [DIGITAL_TWIN_MESSAGES.exists] });
  });

  it('makes a twin of the provider’s own model, never of another provider’s or an archived one', async () => {
    const owner = await it_.signUp('Own Models');
    await onPlan(it_, owner, 'vt_creator_plan');
    const own = await anAsset(owner, '/provider/vt_staging/assets.json', 'Our street');
    const archived = await anAsset(owner, '/provider/vt_staging/assets.json', 'Old street');
    expect(
      (await admin.send('patch', `/admin/vt_staging/assets/${archived}`, { asset: { archived: true } }))
        .status,
    ).toBe(200);
    const other = await it_.signUp('Other Provider');
    const otherProperty = await aProperty(other);

    for (const assetId of [own, archived, '0191d7a8-0000-7000-8000-000000000000', 'not-an-id']) {
      const refused = await other.send('post', twinPath(otherProperty), {
        digital_twin: { asset_id: assetId },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'digital_twin.asset_id': [DIGITAL_TWIN_MESSAGES.notYourAsset] });
    }
    expect(await storedTwin(otherProperty)).toBeUndefined();

    const ownProperty = await aProperty(owner);
    const created = await owner.send('post', twinPath(ownProperty), { digital_twin: { asset_id: own } });
    expect(created.status).toBe(201);
    expect(created.body.data.digital_twin.asset).toMatchObject({ id: own, library: 'provider' });
  });

  it('saves the whole config, and refuses a bad one in words without changing it', async () => {
    const { person, propertyId } = await aTwin();
    const config = { visible: false, opacity: 0.4, lighting: 'global', hidden_floors: [2, 0] };
    const saved = await person.send('put', `${twinPath(propertyId)}/config`, { config });
    expect(saved.status).toBe(200);
    expect(saved.body.data.config).toEqual({ ...config, hidden_floors: [0, 2] });
    expect((await person.get(`${twinPath(propertyId)}/config`)).body.data.config).toEqual(
      saved.body.data.config,
    );

    const refused = await person.send('put', `${twinPath(propertyId)}/config`, {
      config: { visible: 'yes', opacity: 1.5, lighting: 'neon', hidden_floors: [1, 1, -1] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'config.visible': ['must be true or false'],
      'config.opacity': ['must be at most 1'],
      'config.lighting': [expect.stringContaining('scan, global, model')],
      'config.hidden_floors': [expect.any(String)],
    });
    const missing = await person.send('put', `${twinPath(propertyId)}/config`, { config: { opacity: 0.5 } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual([
      'config.hidden_floors',
      'config.lighting',
      'config.visible',
    ]);
    expect((await storedTwin(propertyId))!.config).toEqual({
      visible: false,
      opacity: 0.4,
      lighting: 'global',
      hiddenFloors: [0, 2],
    });
  });

  it('aligns the twin from pairs of points, with each pair’s residual, and goes back to pending on a poor fit', async () => {
    const { person, propertyId } = await aTwin();
    const aligned = await person.send('put', `${twinPath(propertyId)}/layers/alignment`, {
      alignmentPoints: pairs(),
    });
    expect(aligned.status).toBe(200);
    expect(aligned.body.data).toMatchObject({ alignment: 'aligned', max_error: ALIGNMENT_MAX_ERROR_M });
    expect(aligned.body.data.rms_error).toBeLessThan(1e-9);
    expect(aligned.body.data.alignment_points).toHaveLength(4);
    for (const [i, pair] of pairs().entries()) {
      expect(aligned.body.data.alignment_points[i]).toMatchObject(pair);
      expect(aligned.body.data.alignment_points[i].residual).toBeLessThan(1e-9);
    }
    expect((await person.get(`${twinPath(propertyId)}/alignment_points`)).body.data).toEqual(
      aligned.body.data,
    );

    const twin = (await person.get(twinPath(propertyId))).body.data.digital_twin;
    expect(twin.alignment).toBe('aligned');
    expect(twin.aligned_at).toEqual(expect.any(String));
    expect(twin.transform.scale).toBeCloseTo(1, 9);
    expect(twin.transform.translation).toEqual({
      x: expect.closeTo(3, 9),
      y: expect.closeTo(1, 9),
      z: expect.closeTo(0, 9),
    });
    // A quarter turn about y: (0, sin 45°, 0, cos 45°).
    expect(twin.transform.quaternion.y).toBeCloseTo(Math.SQRT1_2, 9);
    expect(twin.transform.quaternion.w).toBeCloseTo(Math.SQRT1_2, 9);
    // Announced once, with the placement, for the provider's webhooks.
    expect(await announced(propertyId)).toEqual([
      {
        provider_id: person.providerId,
        property_id: propertyId,
        digital_twin_id: twin.id,
        asset_id: libraryModel,
        transform: twin.transform,
        rms_error: aligned.body.data.rms_error,
        aligned_at: twin.updated_at,
      },
    ]);

    // One pair picked on the wrong corner: the fit is kept, the worst residual names it, and the twin is pending.
    const off = pairs();
    off[1] = { ...off[1]!, scan: inScan(HOUSE[2]!) };
    const poor = await person.send('put', `${twinPath(propertyId)}/layers/alignment`, {
      alignment_points: off,
    });
    expect(poor.status).toBe(200);
    expect(poor.body.data.alignment).toBe('pending_alignment');
    expect(poor.body.data.rms_error).toBeGreaterThan(ALIGNMENT_MAX_ERROR_M);
    const residuals = (poor.body.data.alignment_points as Array<{ residual: number }>).map((p) => p.residual);
    expect(Math.max(...residuals)).toBeGreaterThan(ALIGNMENT_MAX_ERROR_M);
    const stored = await person.get(twinPath(propertyId));
    expect(stored.body.data.digital_twin).toMatchObject({ alignment: 'pending_alignment', aligned_at: null });
    expect(await announced(propertyId)).toHaveLength(1);
  });

  it('refuses pairs that give no single placement in words, and keeps the last alignment', async () => {
    const { person, propertyId } = await aTwin();
    await person.send('put', `${twinPath(propertyId)}/layers/alignment`, { alignmentPoints: pairs() });
    const before = await storedTwin(propertyId);

    const onALine = [0, 1, 2].map((i) => ({ scan: { x: i, y: 0, z: 0 }, model: { x: i, y: 0, z: 0 } }));
    for (const [body, errors] of [
      [{ alignmentPoints: pairs().slice(0, 2) }, { alignment_points: [ALIGNMENT_MESSAGES.tooFew] }],
      [{ alignmentPoints: onALine }, { alignment_points: [ALIGNMENT_MESSAGES.modelOnALine] }],
      [{ alignmentPoints: 'everywhere' }, { alignment_points: ['must be a list'] }],
      [{}, { alignment_points: [MESSAGES.required] }],
      [
        { alignmentPoints: [{ scan: { x: 1, y: 2 }, model: { x: 'far', y: 0, z: 0 } }] },
        {
          'alignment_points.0.scan.z': [MESSAGES.required],
          'alignment_points.0.model.x': ['must be a number'],
        },
      ],
    ] as const) {
      const refused = await person.send('put', `${twinPath(propertyId)}/layers/alignment`, body);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual(errors);
    }
    expect(await storedTwin(propertyId)).toEqual(before);
  });

  it('answers 404 for another provider’s property or a property without a twin, and deletes a twin once', async () => {
    const { person, propertyId } = await aTwin();
    const stranger = await it_.signUp('Stranger');
    const strangers = await aProperty(stranger);
    const call = (who: Person, method: 'get' | 'delete' | 'put', path: string, body?: object) =>
      method === 'get' ? who.get(path) : who.send(method, path, body);
    const routes: Array<['get' | 'delete' | 'put', string, object?]> = [
      ['get', ''],
      ['delete', ''],
      ['get', '/config'],
      ['put', '/config', { config: { visible: true, opacity: 1, lighting: 'scan', hidden_floors: [] } }],
      ['get', '/alignment_points'],
      ['put', '/layers/alignment', { alignmentPoints: pairs() }],
    ];
    for (const [method, tail, body] of routes) {
      const theirs = await call(stranger, method, `${twinPath(propertyId)}${tail}`, body);
      expect([method, tail, theirs.status, theirs.body.errors]).toEqual([
        method,
        tail,
        404,
        { base: [PROPERTY_NOT_FOUND] },
      ]);
      const none = await call(stranger, method, `${twinPath(strangers)}${tail}`, body);
      expect([method, tail, none.status, none.body.errors]).toEqual([
        method,
        tail,
        404,
        { base: [DIGITAL_TWIN_NOT_FOUND] },
      ]);
    }
    const stolen = await stranger.send('post', twinPath(propertyId), {
      digital_twin: { asset_id: libraryModel },
    });
    expect(stolen.status).toBe(404);
    expect((await storedTwin(propertyId))!.alignment).toBe('pending_alignment');

    expect((await person.send('delete', twinPath(propertyId))).status).toBe(204);
    expect(await storedTwin(propertyId)).toBeUndefined();
    expect((await person.send('delete', twinPath(propertyId))).status).toBe(404);
    expect((await person.get(twinPath(propertyId))).status).toBe(404);
  });

  it('lists every provider’s twins in the back office, searched by the property, and to nobody else', async () => {
    const first = await aTwin();
    const second = await it_.signUp('Second Maker');
    const secondProperty = await aProperty(second, 'Lighthouse Cottage');
    await second.send('post', twinPath(secondProperty), { digital_twin: { asset_id: libraryModel } });

    const found = await admin.get('/admin/digital_twins.json?search=lighthouse');
    expect(found.status).toBe(200);
    expect(found.body.data.items).toEqual([
      expect.objectContaining({
        property_id: secondProperty,
        property_title: 'Lighthouse Cottage',
        provider_id: second.providerId,
        asset_name: 'Street and garden',
        alignment: 'pending_alignment',
      }),
    ]);
    const all = await admin.get('/admin/digital_twins.json?page=1&page_size=100');
    const listed = (all.body.data.items as Array<{ property_id: string }>).map((item) => item.property_id);
    expect(listed).toEqual(expect.arrayContaining([first.propertyId, secondProperty]));
    expect(all.body.data.total_count).toBe(listed.length);

    const refused = await first.person.get('/admin/digital_twins.json');
    expect(refused.status).toBe(403);
  });
});
