import { parse } from 'csv-parse/sync';
import { ASSET_HOST_PACK_PATH, startEmulators, type RunningEmulators } from '@tourly/emulators';

/** The staging library's categories (services/properties' seeded ones), by name. */
const LIBRARY_CATEGORIES = [
  'Sofas',
  'Chairs',
  'Tables',
  'Beds',
  'Storage',
  'Lighting',
  'Plants',
  'Rugs',
  'Decor',
  'Kitchen',
  'Bathroom',
  'Office',
  'Outdoor',
];

/**
 * The asset host: a furniture pack's CSV in the bulk upload's columns, each row a model the host serves as a GLB,
 * in a category of the library, with the credit its licence asks for; nothing else.
 */
describe('asset host emulator', () => {
  let emulators: RunningEmulators;
  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });
  afterAll(() => emulators?.close());

  it('serves a pack CSV whose every row is a GLB it serves, in a library category, credited', async () => {
    const answer = await fetch(`${emulators.url}/asset-host${ASSET_HOST_PACK_PATH}`);
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    const rows = parse(await answer.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBe(4);
    for (const row of rows) {
      expect(row.model_url).toMatch(new RegExp(`^${emulators.url}/asset-host/models/[a-z0-9-]+\\.glb$`));
      expect(LIBRARY_CATEGORIES).toContain(row.category);
      expect(row).toMatchObject({
        credit_user_name: expect.any(String),
        credit_license_url: expect.stringMatching(/^https:\/\//),
      });
      const model = await fetch(row.model_url!);
      expect([model.status, model.headers.get('content-type')]).toEqual([200, 'model/gltf-binary']);
      expect(
        Buffer.from(await model.arrayBuffer())
          .subarray(0, 4)
          .toString(),
      ).toBe('glTF');
    }
    expect(rows.map((row) => row.category).sort()).toEqual(['Beds', 'Lighting', 'Sofas', 'Tables']);
  });

  it('answers 404 for a file it does not have', async () => {
    expect((await fetch(`${emulators.url}/asset-host/models/nothing.glb`)).status).toBe(404);
    expect((await fetch(`${emulators.url}/asset-host/other.csv`)).status).toBe(404);
  });
});
