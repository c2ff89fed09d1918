import { performance } from 'node:perf_hooks';
import { rows, uuidv7 } from '@tourly/platform';
import { startProperties, type PropertiesAlone, type Person } from './support';

const ROWS = 50_000;
/** Well under a second on a quiet machine; 2 s keeps the test stable on a loaded two-core CI runner. */
const MAX_MS = 2_000;
/** The known handful a search finds: every 10,000th property is a lighthouse. */
const LIGHTHOUSES = [10_000, 20_000, 30_000, 40_000, 50_000];

interface Answer {
  path: string;
  ms: number;
  items: number;
}

/**
 * Issue 18: "Lists of 50,000 rows page and filter on the server (requests and rows per request counted in a test)".
 * One provider with 50,000 properties (and as many tours), made by one statement each; the back office's lists are
 * read page by page: every answer is one request carrying at most a page of rows, whatever the total.
 */
describe('admin lists of 50,000 rows', () => {
  let it_: PropertiesAlone;
  let admin: Person;
  let providerId: string;
  const answers: Answer[] = [];

  /** One request, timed and counted, with the rows it carried. */
  const read = async (path: string) => {
    const started = performance.now();
    const answer = await admin.get(path);
    const ms = performance.now() - started;
    expect(answer.status).toBe(200);
    answers.push({ path, ms, items: answer.body.data.items.length });
    expect(ms).toBeLessThan(MAX_MS);
    return answer.body.data;
  };

  beforeAll(async () => {
    it_ = await startProperties();
    admin = it_.staff('platform_admin');
    providerId = uuidv7();
    const db = it_.propertiesDb.dataSource;
    // Property n was made n seconds ago, so the newest first is n = 1, 2, ...; every 1,000th is shared and premium.
    await rows(
      db,
      `INSERT INTO properties (id, provider_id, slug, title, address, matterport_key, tour_published, premium,
                               premium_since, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'property-' || n,
              CASE WHEN n % 10000 = 0 THEN 'Lighthouse Cottage ' || n ELSE 'Property ' || n END,
              n || ' Long Street, Sydney NSW 2000', 'Model' || lpad(n::text, 7, '0'),
              n % 1000 = 0, n % 1000 = 0, CASE WHEN n % 1000 = 0 THEN now() END,
              now() - n * interval '1 second', now() - n * interval '1 second'
         FROM generate_series(1, ${ROWS}) AS n`,
      [providerId],
    );
    // Each property's tour: the provider's namespace, then a player link per property.
    await rows(db, `INSERT INTO player_link_namespaces (provider_id, slug) VALUES ($1, 'scale001')`, [
      providerId,
    ]);
    await rows(
      db,
      `INSERT INTO player_links (id, provider_id, property_id, client_slug, model_slug, created_at)
       SELECT gen_random_uuid(), provider_id, id, 'scale001', slug, created_at FROM properties
        WHERE provider_id = $1`,
      [providerId],
    );
    // As in production, where autovacuum keeps the statistics: the planner knows the tables' sizes.
    await rows(db, 'ANALYZE properties');
    await rows(db, 'ANALYZE player_links');
  }, 120_000);
  afterAll(async () => {
    const figures = answers.map(
      (a) => `${a.ms.toFixed(0).padStart(5)} ms ${String(a.items).padStart(3)} rows ${a.path}`,
    );
    process.stdout.write(`\nadmin lists of ${ROWS} rows, one request each:\n${figures.join('\n')}\n`);
    await it_.stop();
  });

  it('pages and filters the provider’s properties on the server: one request a page, a page of rows each', async () => {
    const list = `/admin/providers/${providerId}/properties`;
    const first = await read(`${list}?page=1&page_size=25`);
    expect(first).toMatchObject({ current_page: 1, total_pages: 2000, total_count: ROWS });
    expect(first.items.map((p: { slug: string }) => p.slug)).toEqual(
      Array.from({ length: 25 }, (_, i) => `property-${i + 1}`),
    );

    const lighthouses = await read(`${list}?search=lighthouse&page_size=25`);
    expect(lighthouses.total_count).toBe(LIGHTHOUSES.length);
    expect(lighthouses.items.map((p: { title: string }) => p.title)).toEqual(
      LIGHTHOUSES.map((n) => `Lighthouse Cottage ${n}`),
    );

    // The last page: of 25, the 25 oldest; of 30 (1,667 pages), the remainder of 50,000 - 1,666 x 30 = 20.
    const last = await read(`${list}?page=2000&page_size=25`);
    expect(last.items.map((p: { slug: string }) => p.slug)).toEqual(
      Array.from({ length: 25 }, (_, i) => `property-${ROWS - 24 + i}`),
    );
    const remainder = await read(`${list}?page=1667&page_size=30`);
    expect(remainder).toMatchObject({ current_page: 1667, total_pages: 1667, total_count: ROWS });
    expect(remainder.items).toHaveLength(20);
    expect(remainder.items.at(-1).slug).toBe(`property-${ROWS}`);

    const shared = await read(
      `${list}?filters[status]=published&filters[tour_type]=premium&page=2&page_size=25`,
    );
    expect(shared).toMatchObject({ current_page: 2, total_pages: 2, total_count: 50 });
    expect(shared.items).toHaveLength(25);
    const street = await read(`${list}?search=${encodeURIComponent('43210 long street')}`);
    expect(street.items.map((p: { slug: string }) => p.slug)).toEqual(['property-43210']);
    const past = await read(`${list}?page=2001&page_size=25`);
    expect(past).toMatchObject({ items: [], total_count: ROWS });
  });

  it('pages and searches the provider’s tours and the scan models the same way', async () => {
    const tours = `/admin/providers/${providerId}/tours`;
    const first = await read(`${tours}?page=1&page_size=25`);
    expect(first).toMatchObject({ total_pages: 2000, total_count: ROWS });
    expect(first.items.map((t: { model_slug: string }) => t.model_slug)).toEqual(
      Array.from({ length: 25 }, (_, i) => `property-${i + 1}`),
    );
    const lighthouses = await read(`${tours}?search=lighthouse`);
    expect(lighthouses.items.map((t: { property_title: string }) => t.property_title)).toEqual(
      LIGHTHOUSES.map((n) => `Lighthouse Cottage ${n}`),
    );
    const last = await read(`${tours}?page=1667&page_size=30`);
    expect(last.items).toHaveLength(20);
    const namespaces = await read(`/admin/providers/${providerId}/player_link_namespaces`);
    expect(namespaces.items).toEqual([expect.objectContaining({ slug: 'scale001', tour_count: ROWS })]);

    const models = `/admin/matterport_models.json?provider_id=${providerId}`;
    const modelsFirst = await read(`${models}&page=1&page_size=25`);
    expect(modelsFirst).toMatchObject({ total_pages: 2000, total_count: ROWS });
    const lighthouseModels = await read(`${models}&search=lighthouse`);
    expect(lighthouseModels.items.map((m: { display_name: string }) => m.display_name)).toEqual(
      LIGHTHOUSES.map((n) => `Lighthouse Cottage ${n} (Model${String(n).padStart(7, '0')})`),
    );
    const modelsLast = await read(`${models}&page=1667&page_size=30`);
    expect(modelsLast.items).toHaveLength(20);
    expect((await read(`/admin/matterport_models.json?search=model0012345`)).items).toHaveLength(1);
  });

  it('counted: one request per page, never more rows than the page size', () => {
    // 7 requests for the properties, 8 for the tours, the namespace and the models.
    expect(answers).toHaveLength(15);
    for (const answer of answers) {
      const pageSize = Number(new URL(answer.path, 'http://x').searchParams.get('page_size') ?? 20);
      expect(answer.items).toBeLessThanOrEqual(pageSize);
    }
  });
});
