import { Readable } from 'node:stream';
import sharp from 'sharp';
import { one, rows, uuidv7 } from '@tourly/platform';
import { internalHeaders } from '@tourly/platform/testing';
import { STAGING_LIMITS } from '../src/staging/staging-assets.rules';
import {
  aProperty,
  multipart,
  objectKeys,
  png,
  postMultipart,
  storageClient,
  type Answer,
} from './media-support';
import { startProperties, type PropertiesAlone, type Person } from './support';
import { assetFields, glb } from './staging-support';

const ADMIN = '/admin/vt_staging';
const PROVIDER = '/provider/vt_staging';

/**
 * Issue 36, the staging asset library (properties alone, with storage): categories, the platform's library curated
 * by administrators, each provider's own uploads, the log. Models are checked by their content (GLB only, a size
 * limit, a triangle budget) before anything is stored; another provider's asset is not found.
 */
describe('staging assets', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let admin: Person;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Staging');
    other = await it_.signUp('Other Staging');
    admin = it_.staff();
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;
  const upload = (
    person: Person,
    path: string,
    file: Buffer,
    fields: Record<string, string>,
    filename = 'piece.glb',
  ): Promise<Answer> =>
    postMultipart(
      it_,
      person,
      path,
      multipart('asset[file]', { filename, content: file, contentType: 'model/gltf-binary' }, fields),
    );
  const asAdmin = async (name: string, category = 'sofas', file?: Buffer) => {
    const answer = await upload(
      admin,
      `${ADMIN}/assets`,
      file ?? (await glb()),
      assetFields({ name, category }),
    );
    expect(answer.status).toBe(201);
    return answer.body.data!;
  };
  const asProvider = async (person: Person, name: string, category = 'chairs') => {
    const answer = await upload(
      person,
      `${PROVIDER}/assets.json`,
      await glb(),
      assetFields({ name, category }),
    );
    expect(answer.status).toBe(201);
    return answer.body.data!;
  };
  const names = (answer: { body: { data: { items: Array<{ name: string }> } } }) =>
    answer.body.data.items.map((item) => item.name);
  const storedUnder = (prefix: string) => objectKeys(storageClient(it_), it_.storage!.bucket, prefix);
  const counts = async () =>
    (await one<{ assets: number; logs: number }>(
      db(),
      `SELECT (SELECT count(*)::int FROM staging_assets) AS assets, (SELECT count(*)::int FROM staging_asset_logs) AS logs`,
    ))!;

  describe('categories', () => {
    it('are the seeded set, in order, for providers and administrators alike', async () => {
      const forProvider = await provider.get(`${PROVIDER}/asset/categories.json`);
      expect(forProvider.status).toBe(200);
      expect(forProvider.body.data.map((category: { id: string }) => category.id)).toEqual([
        'sofas',
        'chairs',
        'tables',
        'beds',
        'storage',
        'lighting',
        'plants',
        'rugs',
        'decor',
        'kitchen',
        'bathroom',
        'office',
        'outdoor',
      ]);
      expect(forProvider.body.data[0]).toEqual({ id: 'sofas', name: 'Sofas', position: 1 });
      const forAdmin = await admin.get(`${ADMIN}/asset/categories.json`);
      expect(forAdmin.body).toEqual(forProvider.body);
    });
  });

  describe('the platform library (administrators)', () => {
    it('takes a GLB with its credit: measured, stored, logged', async () => {
      const model = await glb({ triangles: 1_200, size: [2.1, 0.85, 0.9] });
      const answer = await upload(
        admin,
        `${ADMIN}/assets`,
        model,
        assetFields({ name: 'Velvet sofa', category: 'sofas', credit: true }),
        'velvet-sofa.glb',
      );
      expect(answer.status).toBe(201);
      const asset = answer.body.data!;
      expect(asset).toEqual({
        id: expect.any(String),
        name: 'Velvet sofa',
        library: 'platform',
        provider_id: null,
        category: { id: 'sofas', name: 'Sofas' },
        url: expect.stringContaining('velvet-sofa.glb'),
        thumbnail_url: expect.stringContaining('/thumbnail.webp?'),
        filename: 'velvet-sofa.glb',
        size: model.length,
        triangle_count: 1_200,
        dimensions: { width: 2.1, height: 0.85, depth: 0.9 },
        credit: {
          model: {
            uid: 'c0ffee12',
            name: 'Mid-century sofa',
            thumbnail_url: 'https://media.sketchfab.test/c0ffee12/thumb.jpg',
          },
          user: { name: 'Ada Modeller', profile_url: 'https://sketchfab.test/ada' },
          license: { label: 'CC Attribution', url: 'https://creativecommons.org/licenses/by/4.0/' },
        },
        archived_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await storedUnder(`staging-assets/platform/${asset.id}/`)).toEqual([
        `staging-assets/platform/${asset.id}/thumbnail.webp`,
        `staging-assets/platform/${asset.id}/velvet-sofa.glb`,
      ]);
      // The link serves the model itself; the thumbnail is a picture of it.
      const served = await fetch(asset.url as string);
      expect(Buffer.from(await served.arrayBuffer()).equals(model)).toBe(true);
      const thumbnail = await fetch(asset.thumbnail_url as string);
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
      const picture = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect([picture.format, picture.width, picture.height]).toEqual(['webp', 256, 256]);

      const log = await admin.get(`${ADMIN}/asset/logs.json?asset_id=${asset.id}`);
      expect(log.status).toBe(200);
      expect(log.body.data.items).toEqual([
        {
          id: expect.any(String),
          asset_id: asset.id,
          asset_name: 'Velvet sofa',
          provider_id: null,
          action: 'created',
          actor_user_id: expect.any(String),
          impersonator_id: null,
          changes: null,
          created_at: expect.any(String),
        },
      ]);
    });

    it('edits, archives and restores an asset, each change a log row saying what changed', async () => {
      const asset = await asAdmin('Oak table', 'tables');
      const renamed = await admin.send('patch', `${ADMIN}/assets/${asset.id}`, {
        asset: { name: 'Oak dining table', category_id: 'kitchen' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({
        name: 'Oak dining table',
        category: { id: 'kitchen', name: 'Kitchen' },
      });

      const archived = await admin.send('patch', `${ADMIN}/assets/${asset.id}`, {
        asset: { archived: true },
      });
      expect(archived.status).toBe(200);
      expect(archived.body.data.archived_at).toEqual(expect.any(String));
      // Out of the providers' library, still in the back office's list.
      expect(names(await provider.get(`${PROVIDER}/assets.json?search=Oak+dining`))).toEqual([]);
      expect(names(await admin.get(`${ADMIN}/assets.json?search=Oak+dining`))).toEqual(['Oak dining table']);

      const restored = await admin.send('patch', `${ADMIN}/assets/${asset.id}`, {
        asset: { archived: false },
      });
      expect(restored.body.data.archived_at).toBeNull();
      expect(names(await provider.get(`${PROVIDER}/assets.json?search=Oak+dining`))).toEqual([
        'Oak dining table',
      ]);

      // Nothing to change: no log row.
      const same = await admin.send('patch', `${ADMIN}/assets/${asset.id}`, {
        asset: { name: 'Oak dining table' },
      });
      expect(same.status).toBe(200);

      const log = await admin.get(`${ADMIN}/asset/logs.json?asset_id=${asset.id}`);
      expect(
        log.body.data.items.map((row: { action: string; changes: unknown }) => [row.action, row.changes]),
      ).toEqual([
        ['restored', { before: { archived: true }, after: { archived: false } }],
        ['archived', { before: { archived: false }, after: { archived: true } }],
        [
          'updated',
          {
            before: { name: 'Oak table', category_id: 'tables' },
            after: { name: 'Oak dining table', category_id: 'kitchen' },
          },
        ],
        ['created', null],
      ]);
    });

    it('refuses edits in words, changing nothing', async () => {
      const asset = await asAdmin('Brass lamp', 'lighting');
      const before = await counts();
      const cases: Array<[object, Record<string, string[]>]> = [
        [
          { asset: { category_id: 'spaceships' } },
          { 'asset.category_id': ['is not a category of the asset library'] },
        ],
        [{ asset: { name: ' ' } }, { 'asset.name': ['Required'] }],
        [{ asset: { archived: 'yes' } }, { 'asset.archived': ['must be true or false'] }],
        [
          {
            asset: {
              credit: {
                model: { uid: 'x', name: 'y' },
                user: { name: 'z' },
                license: { label: 'l', url: 'nope' },
              },
            },
          },
          { 'asset.credit.user.profile_url': ['Required'], 'asset.credit.license.url': ['Invalid URL'] },
        ],
      ];
      for (const [body, errors] of cases) {
        const answer = await admin.send('patch', `${ADMIN}/assets/${asset.id}`, body);
        expect([answer.status, answer.body.errors]).toEqual([422, errors]);
      }
      expect(await counts()).toEqual(before);
      const unchanged = await admin.get(`${ADMIN}/assets.json?search=Brass+lamp`);
      expect(unchanged.body.data.items[0]).toMatchObject({
        name: 'Brass lamp',
        category: { id: 'lighting' },
      });
    });

    it('deletes an asset: its row and its model go, the log keeps the deletion', async () => {
      const asset = await asAdmin('Wicker basket', 'decor');
      const deleted = await admin.send('delete', `${ADMIN}/assets/${asset.id}`);
      expect(deleted.status).toBe(204);
      expect(await storedUnder(`staging-assets/platform/${asset.id}/`)).toEqual([]);
      expect(await one(db(), 'SELECT id FROM staging_assets WHERE id = $1', [asset.id])).toBeUndefined();
      const log = await admin.get(`${ADMIN}/asset/logs.json?asset_id=${asset.id}`);
      expect(log.body.data.items.map((row: { action: string }) => row.action)).toEqual([
        'deleted',
        'created',
      ]);
      expect(log.body.data.items[0].asset_name).toBe('Wicker basket');

      const again = await admin.send('delete', `${ADMIN}/assets/${asset.id}`);
      expect([again.status, again.body.errors]).toEqual([404, { base: ['Asset not found'] }]);
      const malformed = await admin.send('patch', `${ADMIN}/assets/not-an-id`, { asset: { name: 'x' } });
      expect([malformed.status, malformed.body.errors]).toEqual([404, { base: ['Asset not found'] }]);
    });

    it('lists every asset, the platform’s and providers’, by search and page, newest first', async () => {
      const token = `Pager${Date.now()}`;
      await asAdmin(`${token} one`);
      await asProvider(provider, `${token} two`);
      await asAdmin(`${token} three`);
      const first = await admin.get(`${ADMIN}/assets.json?search=${token}&page_size=2`);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ current_page: 1, total_pages: 2, total_count: 3 });
      expect(names(first)).toEqual([`${token} three`, `${token} two`]);
      const second = await admin.get(`${ADMIN}/assets.json?search=${token}&page_size=2&page=2`);
      expect(names(second)).toEqual([`${token} one`]);
      const bad = await admin.get(`${ADMIN}/assets.json?page=0`);
      expect(bad.status).toBe(422);
    });

    it('reads the form’s fields sent after the model too', async () => {
      const model = await glb();
      const boundary = 'tourly-fields-after';
      const part = (headers: string, content: Buffer | string) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
          Buffer.from(content),
          Buffer.from('\r\n'),
        ]);
      const body = Buffer.concat([
        part('Content-Disposition: form-data; name="asset[file]"; filename="late.glb"', model),
        part('Content-Disposition: form-data; name="asset[name]"', 'Late fields lamp'),
        part('Content-Disposition: form-data; name="asset[category_id]"', 'lighting'),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      const answer = await postMultipart(it_, admin, `${ADMIN}/assets`, {
        contentType: `multipart/form-data; boundary=${boundary}`,
        length: body.length,
        stream: () => Readable.from([body]),
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({ name: 'Late fields lamp', category: { id: 'lighting' } });
    });

    it('is the platform administrators’ alone', async () => {
      const asset = await asAdmin('Admin only lamp', 'lighting');
      const before = await counts();
      const attempts = [
        await provider.get(`${ADMIN}/assets.json`),
        await provider.get(`${ADMIN}/asset/categories.json`),
        await provider.get(`${ADMIN}/asset/logs.json`),
        await provider.send('patch', `${ADMIN}/assets/${asset.id}`, { asset: { name: 'Mine now' } }),
        await provider.send('delete', `${ADMIN}/assets/${asset.id}`),
        await upload(
          provider,
          `${ADMIN}/assets`,
          await glb(),
          assetFields({ name: 'Sneaky', category: 'sofas' }),
        ),
      ];
      expect(attempts.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(await counts()).toEqual(before);
    });
  });

  describe('a provider’s library', () => {
    it('shows the platform’s assets and its own, never another provider’s; filters by category', async () => {
      const token = `Library${Date.now()}`;
      await asAdmin(`${token} platform sofa`, 'sofas');
      const own = await asProvider(provider, `${token} own chair`, 'chairs');
      await asProvider(other, `${token} other chair`, 'chairs');
      expect(own).toMatchObject({ library: 'provider', provider_id: provider.providerId });

      const mine = await provider.get(`${PROVIDER}/assets.json?search=${token}`);
      expect(mine.status).toBe(200);
      expect(names(mine)).toEqual([`${token} own chair`, `${token} platform sofa`]);
      expect(names(await other.get(`${PROVIDER}/assets.json?search=${token}`))).toEqual([
        `${token} other chair`,
        `${token} platform sofa`,
      ]);
      const chairs = await provider.get(`${PROVIDER}/assets.json?search=${token}&filter=chairs`);
      expect(names(chairs)).toEqual([`${token} own chair`]);
      const paged = await provider.get(`${PROVIDER}/assets.json?search=${token}&page_size=1&page=2`);
      expect(paged.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 2 });
      expect(names(paged)).toEqual([`${token} platform sofa`]);

      const unknown = await provider.get(`${PROVIDER}/assets.json?filter=spaceships`);
      expect([unknown.status, unknown.body.errors]).toEqual([
        422,
        { filter: ['is not a category of the asset library'] },
      ]);
    });

    it('is opened for one of the provider’s own properties only', async () => {
      const own = await aProperty(provider, 'Staged Villa');
      const theirs = await aProperty(other, 'Their Villa');
      expect((await provider.get(`${PROVIDER}/assets.json?property_id=${own}`)).status).toBe(200);
      const refused = await provider.get(`${PROVIDER}/assets.json?property_id=${theirs}`);
      expect([refused.status, refused.body.errors]).toEqual([404, { base: ['Property not found'] }]);
      const malformed = await provider.get(`${PROVIDER}/assets.json?property_id=not-a-property`);
      expect([malformed.status, malformed.body.errors]).toEqual([404, { base: ['Property not found'] }]);
    });

    it('deletes its own assets only: another provider’s and the platform’s are not found', async () => {
      const own = await asProvider(provider, 'Deletable stool', 'chairs');
      const platform = await asAdmin('Platform stool', 'chairs');
      const before = await counts();
      for (const id of [own.id, platform.id]) {
        const answer = await other.send('delete', `${PROVIDER}/assets/${id}.json`);
        expect([answer.status, answer.body.errors]).toEqual([404, { base: ['Asset not found'] }]);
      }
      const platformByProvider = await provider.send('delete', `${PROVIDER}/assets/${platform.id}.json`);
      expect(platformByProvider.status).toBe(404);
      expect(await counts()).toEqual(before);
      expect(await storedUnder(`staging-assets/${provider.providerId}/${own.id}/`)).toHaveLength(2);

      const deleted = await provider.send('delete', `${PROVIDER}/assets/${own.id}.json`);
      expect(deleted.status).toBe(204);
      expect(await storedUnder(`staging-assets/${provider.providerId}/${own.id}/`)).toEqual([]);
      const logged = await rows<{ action: string; providerId: string }>(
        db(),
        `SELECT action, provider_id AS "providerId" FROM staging_asset_logs WHERE asset_id = $1 ORDER BY created_at`,
        [own.id],
      );
      expect(logged).toEqual([
        { action: 'created', providerId: provider.providerId },
        { action: 'deleted', providerId: provider.providerId },
      ]);
    });

    it('logs the administrator impersonating the provider, and the change reaches the provider’s audit trail', async () => {
      const adminId = uuidv7();
      const impersonatedUserId = uuidv7();
      const person = it_.member(provider.providerId, 'admin');
      const impersonated: Person = {
        ...person,
        headers: () =>
          internalHeaders({
            userId: impersonatedUserId,
            providerId: provider.providerId,
            role: 'admin',
            impersonatorId: adminId,
            scopes: [],
          }),
      };
      const answer = await upload(
        impersonated,
        `${PROVIDER}/assets.json`,
        await glb(),
        assetFields({ name: 'Impersonated ottoman', category: 'sofas' }),
      );
      expect(answer.status).toBe(201);
      const logged = await one<{ actor: string; impersonator: string }>(
        db(),
        `SELECT actor_user_id AS actor, impersonator_id AS impersonator FROM staging_asset_logs WHERE asset_id = $1`,
        [answer.body.data!.id],
      );
      expect(logged).toEqual({ actor: impersonatedUserId, impersonator: adminId });
      // The asset row is audited (identity keeps it in the provider's trail); the log, written beside it, is not.
      const audited = await rows<{ record: string; action: string; adminId: string }>(
        db(),
        `SELECT envelope -> 'data' ->> 'record' AS record, envelope -> 'data' ->> 'action' AS action,
                envelope -> 'data' ->> 'admin_id' AS "adminId"
           FROM outbox
          WHERE subject = 'properties.admin_change.recorded.v1'
            AND envelope -> 'data' -> 'after' ->> 'id' = $1
          ORDER BY created_at`,
        [answer.body.data!.id],
      );
      expect(audited).toEqual([{ record: 'staging_assets', action: 'record.created', adminId }]);
    });

    it('lets a member look but not upload or delete', async () => {
      const member = it_.member(provider.providerId, 'member');
      expect((await member.get(`${PROVIDER}/assets.json`)).status).toBe(200);
      const own = await asProvider(provider, 'Member-proof chair');
      const uploaded = await upload(
        member,
        `${PROVIDER}/assets.json`,
        await glb(),
        assetFields({ name: 'M', category: 'sofas' }),
      );
      expect(uploaded.status).toBe(403);
      expect((await member.send('delete', `${PROVIDER}/assets/${own.id}.json`)).status).toBe(403);
    });
  });

  describe('models checked by their content, nothing stored when refused', () => {
    let before: { assets: number; logs: number };
    let storedBefore: string[];
    beforeEach(async () => {
      before = await counts();
      storedBefore = await storedUnder(`staging-assets/${provider.providerId}/`);
    });
    afterEach(async () => {
      expect(await counts()).toEqual(before);
      expect(await storedUnder(`staging-assets/${provider.providerId}/`)).toEqual(storedBefore);
    });
    const fields = assetFields({ name: 'Refused', category: 'sofas' });

    it('refuses a PNG named .glb', async () => {
      const answer = await upload(provider, `${PROVIDER}/assets.json`, await png(64, 64), fields, 'sofa.glb');
      expect([answer.status, answer.body.errors]).toEqual([
        422,
        { 'asset.file': ['must be a 3D model in glTF binary (GLB)'] },
      ]);
    });

    it('refuses a file that starts like a GLB but does not read as one', async () => {
      const header = Buffer.alloc(12);
      header.write('glTF', 0, 'latin1');
      header.writeUInt32LE(2, 4);
      header.writeUInt32LE(4_000, 8);
      const broken = Buffer.concat([header, Buffer.alloc(4_000, 0x20)]);
      const answer = await upload(provider, `${PROVIDER}/assets.json`, broken, fields);
      expect([answer.status, answer.body.errors]).toEqual([
        422,
        { 'asset.file': ['is not a readable glTF binary (GLB) model'] },
      ]);
    });

    it('refuses a model over the triangle budget', async () => {
      const heavy = await glb({ triangles: STAGING_LIMITS.maxTriangles + 1 });
      const answer = await upload(provider, `${PROVIDER}/assets.json`, heavy, fields);
      expect([answer.status, answer.body.errors]).toEqual([
        422,
        { 'asset.file': ['has 150,001 triangles; a model may have at most 150,000'] },
      ]);
    });

    it('refuses a model over the size limit', async () => {
      const large = await glb({ padding: STAGING_LIMITS.maxModelBytes });
      expect(large.length).toBeGreaterThan(STAGING_LIMITS.maxModelBytes);
      const answer = await upload(provider, `${PROVIDER}/assets.json`, large, fields);
      expect([answer.status, answer.body.errors]).toEqual([
        413,
        { base: ['A 3D model must be at most 25 MB'] },
      ]);
    });

    it('refuses a model without triangles', async () => {
      const answer = await upload(provider, `${PROVIDER}/assets.json`, await glb({ triangles: 0 }), fields);
      expect([answer.status, answer.body.errors]).toEqual([
        422,
        { 'asset.file': ['holds no triangles to show: export the model with its meshes'] },
      ]);
    });

    it('refuses the form’s fields in words', async () => {
      const model = await glb();
      const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
        [assetFields({ category: 'sofas' }), { 'asset.name': ['Required'] }],
        [assetFields({ name: 'No category' }), { 'asset.category_id': ['Required'] }],
        [
          assetFields({ name: 'Lost', category: 'spaceships' }),
          { 'asset.category_id': ['is not a category of the asset library'] },
        ],
        [
          { ...fields, 'asset[credit][model][uid]': 'only a uid' },
          {
            'asset.credit.model.name': ['Required'],
            'asset.credit.user': ['Required'],
            'asset.credit.license': ['Required'],
          },
        ],
        [
          {
            ...assetFields({ name: 'Bad link', category: 'sofas', credit: true }),
            'asset[credit][user][profile_url]': 'javascript:alert(1)',
          },
          { 'asset.credit.user.profile_url': ['Invalid URL'] },
        ],
        [{ ...fields, 'asset[name]': 'Nul\u0000name' }, { 'asset.name': [expect.any(String)] }],
        [
          { 'asset[name]': 'x'.repeat(121), 'asset[category_id]': 'sofas' },
          { 'asset.name': ['must be at most 120 characters'] },
        ],
      ];
      for (const [form, errors] of cases) {
        const answer = await upload(provider, `${PROVIDER}/assets.json`, model, form);
        expect([answer.status, answer.body.errors]).toEqual([422, errors]);
      }
    });

    it('refuses a form without the model', async () => {
      const answer = await postMultipart(
        it_,
        provider,
        `${PROVIDER}/assets.json`,
        multipart('other', { filename: 'x.glb', content: await glb() }, fields),
      );
      expect([answer.status, answer.body.errors]).toEqual([422, { 'asset.file': ['Required'] }]);
    });
  });
});
