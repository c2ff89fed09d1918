import { rows, uuidv7 } from '@tourly/platform';
import { untilNothingLeft } from '@tourly/platform/testing';
import { IMPORT_COLUMNS } from '../src/staging/imports/staging-imports.rules';
import { objectKeys, png, storageClient } from './media-support';
import { CSV_CREDIT_CELLS as CREDIT, glb, startFileServer } from './staging-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

const ADMIN = '/admin/vt_staging';
const HEADER = IMPORT_COLUMNS.join(',');

type Row = { line: number; name: string; status: string; messages: string[]; asset_id: string | null };
type Import = {
  id: string;
  status: string;
  row_count: number;
  created_count: number;
  failed_count: number;
  pending_count: number;
  rows: Row[];
};

/**
 * Issue 36, the staging assets' bulk upload (properties alone, with storage): an administrator's CSV at a URL, read
 * under the SSRF guard, checked row by row in the upload form's words, its models downloaded in the background, the
 * progress read back. The files are served by a web server on this machine, which the service is configured to trust
 * (STAGING_IMPORT_TRUSTED_ORIGINS) as an operator's own asset server; every other private address is refused.
 */
describe('staging assets bulk upload', () => {
  let it_: PropertiesAlone;
  let admin: Person;
  const adminUserId = uuidv7();
  let files: Awaited<ReturnType<typeof startFileServer>>;
  let origin: string;

  beforeAll(async () => {
    files = await startFileServer();
    origin = files.origin;
    it_ = await startProperties({ s3: true, env: { STAGING_IMPORT_TRUSTED_ORIGINS: origin } });
    admin = it_.staff('platform_admin', adminUserId);
  });
  afterAll(async () => {
    await it_?.stop();
    await files?.close();
  });

  const db = () => it_.propertiesDb.dataSource;
  const serve = (path: string, body: Buffer | string, type?: string) => files.serve(path, body, type);
  const bulkUpload = (url: string, person = admin) =>
    person.send('post', `${ADMIN}/assets/bulk_upload`, { csv: { url } });
  const importOf = async (id: string): Promise<Import> => {
    const answer = await admin.get(`${ADMIN}/asset/imports/${id}.json`);
    expect(answer.status).toBe(200);
    return answer.body.data as Import;
  };
  const finished = (id: string) =>
    untilNothingLeft(
      () => importOf(id),
      (found: Import) => found.pending_count,
      'the import’s rows',
    );
  const stored = async () => ({
    imports: (await rows(db(), 'SELECT id FROM staging_asset_imports')).length,
    assets: (await rows(db(), 'SELECT id FROM staging_assets')).length,
    models: (await objectKeys(storageClient(it_), it_.storage!.bucket, 'staging-assets/')).filter((key) =>
      key.endsWith('.glb'),
    ).length,
  });

  it('imports each good row as a platform asset and reports each bad one in words, the rest going on', async () => {
    const [sofa, rug] = [await glb({ size: [2.1, 0.8, 0.9] }), await glb({ size: [2, 0.01, 3] })];
    serve('/models/sofa.glb', sofa, 'model/gltf-binary');
    serve('/models/rug.glb', rug, 'model/gltf-binary');
    serve('/models/photo.glb', await png(64, 64), 'image/png');
    serve(
      '/five.csv',
      [
        HEADER,
        `${origin}/models/sofa.glb,Grey sofa,Sofas,,,,,,,`,
        `${origin}/models/rug.glb,Wool rug,rugs,${CREDIT.join(',')}`,
        'http://10.20.30.40/models/lamp.glb,Floor lamp,lighting,,,,,,,',
        `${origin}/models/photo.glb,Not a model,decor,,,,,,,`,
        `${origin}/models/sofa.glb,,couches,,,,Ada,,,`,
      ].join('\n'),
    );
    const before = await stored();

    const answer = await bulkUpload(`${origin}/five.csv`);
    expect(answer.status).toBe(202);
    const started = answer.body.data as Import;
    expect(started).toMatchObject({ status: 'running', row_count: 5 });
    // The row the form refuses is reported at once, with every reason naming its column.
    expect(started.rows.find((row) => row.line === 6)).toMatchObject({
      status: 'failed',
      messages: [
        'name: Required',
        'credit_model_uid: Required',
        'credit_model_name: Required',
        'credit_user_profile_url: Required',
        'credit_license_label: Required',
        'credit_license_url: Required',
      ],
    });

    const done = await finished(started.id);
    expect(done).toMatchObject({ status: 'finished', created_count: 2, failed_count: 3, pending_count: 0 });
    expect(done.rows.map((row) => [row.line, row.name, row.status, row.messages])).toEqual([
      [2, 'Grey sofa', 'created', []],
      [3, 'Wool rug', 'created', []],
      [4, 'Floor lamp', 'failed', ['model_url: is not on the public internet']],
      [5, 'Not a model', 'failed', ['model_url: is not a readable glTF binary (GLB) model']],
      [6, '', 'failed', expect.arrayContaining(['name: Required']) as never],
    ]);

    // The two assets are the platform's, in their categories, the rug with its credit, logged as the admin's.
    const library = await admin.get(`${ADMIN}/assets.json?page_size=100`);
    const made = (library.body.data.items as Array<Record<string, unknown>>).filter((asset) =>
      done.rows.some((row) => row.asset_id === asset.id),
    );
    expect(made.map((asset) => [asset.name, asset.library, (asset.category as { id: string }).id])).toEqual(
      expect.arrayContaining([
        ['Grey sofa', 'platform', 'sofas'],
        ['Wool rug', 'platform', 'rugs'],
      ]),
    );
    expect(made.find((asset) => asset.name === 'Wool rug')!.credit).toEqual({
      model: { uid: 'sf-0042', name: 'Wool Area Rug', thumbnail_url: null },
      user: { name: 'Ada Modeller', profile_url: 'https://sketchfab.test/ada' },
      license: { label: 'CC Attribution', url: 'https://creativecommons.org/licenses/by/4.0/' },
    });
    const logs = await admin.get(`${ADMIN}/asset/logs.json?page_size=100`);
    const created = (logs.body.data.items as Array<Record<string, unknown>>).filter((log) =>
      made.some((asset) => asset.id === log.asset_id),
    );
    expect(created.map((log) => [log.action, log.actor_user_id])).toEqual([
      ['created', adminUserId],
      ['created', adminUserId],
    ]);
    expect(await stored()).toEqual({
      imports: before.imports + 1,
      assets: before.assets + 2,
      models: before.models + 2,
    });

    // The list of imports shows it first, with its counts.
    const list = await admin.get(`${ADMIN}/asset/imports.json`);
    expect(list.body.data.items[0]).toMatchObject({
      id: started.id,
      status: 'finished',
      row_count: 5,
      created_count: 2,
      failed_count: 3,
    });
  });

  it('refuses a file it cannot use as a whole, in words, storing nothing', async () => {
    serve('/unknown-column.csv', `${HEADER},licence\n${origin}/models/sofa.glb,Sofa,sofas,,,,,,,,CC0\n`);
    serve('/no-category.csv', `model_url,name\n${origin}/models/sofa.glb,Sofa\n`);
    serve('/header-only.csv', `${HEADER}\n`);
    serve('/latin1.csv', Buffer.from(`${HEADER}\n${origin}/m.glb,Caf\xe9,decor,,,,,,,\n`, 'latin1'));
    serve('/short-row.csv', `${HEADER}\n${origin}/m.glb,Sofa,sofas\n`);
    files.route('/huge.csv', (response) => {
      response.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(2 * 1024 * 1024) });
      response.end();
    });
    const before = await stored();
    const cases: Array<[string, string]> = [
      [
        '/unknown-column.csv',
        `has columns bulk upload does not know (licence): the columns are ${IMPORT_COLUMNS.join(', ')}`,
      ],
      [
        '/no-category.csv',
        `has no category column: the header row names the columns (${IMPORT_COLUMNS.join(', ')})`,
      ],
      ['/header-only.csv', 'holds no rows under its header: one row a model'],
      ['/latin1.csv', 'is not a CSV file this upload can read: it is not UTF-8 text'],
      [
        '/short-row.csv',
        'is not a CSV file this upload can read: Invalid Record Length: expect 10, got 3 on line 2',
      ],
      ['/huge.csv', 'is a file larger than 1 MB: split it into smaller CSV files'],
      ['/missing.csv', 'could not be read: the page did not answer'],
    ];
    for (const [path, message] of cases) {
      const answer = await bulkUpload(`${origin}${path}`);
      expect([path, answer.status, answer.body.errors]).toEqual([path, 422, { 'csv.url': [message] }]);
    }
    expect(await stored()).toEqual(before);
  });

  it('reads no CSV on a private network the operator did not trust, nor one a redirect leads to', async () => {
    files.route('/to-metadata.csv', (response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    const before = await stored();
    for (const url of [
      'http://127.0.0.1:9/assets.csv',
      'http://10.0.0.8/assets.csv',
      `${origin}/to-metadata.csv`,
    ]) {
      const answer = await bulkUpload(url);
      expect([url, answer.status, answer.body.errors]).toEqual([
        url,
        422,
        { 'csv.url': ['is not on the public internet'] },
      ]);
    }
    const malformed = await bulkUpload('not a link');
    expect([malformed.status, malformed.body.errors]).toEqual([422, { 'csv.url': ['Invalid URL'] }]);
    expect(await stored()).toEqual(before);
  });

  it('is for platform administrators only, and an unknown import is not found', async () => {
    const provider = await it_.signUp('Not staff');
    expect((await bulkUpload(`${origin}/five.csv`, provider)).status).toBe(403);
    expect((await provider.get(`${ADMIN}/asset/imports.json`)).status).toBe(403);
    for (const id of ['0190c0de-0000-7000-8000-000000000000', 'nope']) {
      const answer = await admin.get(`${ADMIN}/asset/imports/${id}.json`);
      expect([answer.status, answer.body.errors]).toEqual([404, { base: ['Import not found'] }]);
    }
  });
});
