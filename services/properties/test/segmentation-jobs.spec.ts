import { matterportAccountModels } from '@tourly/emulators';
import { eventually } from '@tourly/platform/testing';
import { MATTERPORT_NOT_CONNECTED } from '../src/matterport/matterport-models.service';
import { PROPERTY_NOT_FOUND } from '../src/properties/property-scope';
import { connectMatterport } from '../../../test/support/matterport';
import { startPropertiesPlatform, type Person, type PropertiesPlatform } from './support';

const HOUSE = matterportAccountModels('harbour-studio').find(
  (model) => model.name === '31 Wharf Road, Balmain',
)!;
const enqueuePath = (id: string) => `/provider/properties/${id}/segmentation/enqueue_equi_segmentation.json`;
const statusPath = (id: string) => `/provider/properties/${id}/segmentation/status.json`;

interface Job {
  id: string;
  status: string;
  total: number;
  segmented: number;
  failed: number;
  failures: Array<{ pano_id: string; room: string | null; error: string }>;
}

/**
 * Issue 37, segmentation jobs, through the gateway with the whole platform: the provider's scan (its Matterport
 * account, through the emulator) segmented panorama by panorama by the emulated engine on the jobs' work queue; a
 * second enqueue while one runs queues nothing; an engine outage retried, then given up with the reason; another
 * provider's property is not found.
 */
describe('segmentation jobs', () => {
  let it_: PropertiesPlatform;
  let harbour: Person;
  let unconnected: Person;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform({ s3: true, env: () => ({ EVENT_RETRY_BACKOFF_MS: '50,50,50,50' }) });
    [harbour, unconnected] = await Promise.all([
      it_.signUp('Harbour Studio Media'),
      it_.signUp('Unconnected'),
    ]);
    await connectMatterport(it_.base, harbour, 'harbour-studio');
  }, 90_000);
  afterAll(() => it_?.stop());

  // The engine's injected latency and failures go; the emulators' other vendors (the Matterport connection) stay.
  afterEach(async () => {
    await engine('delete', '/_emulator/segmentation/failures');
    await engine('post', '/_emulator/segmentation/latency', { ms: 0 });
  });

  async function engine(method: 'get' | 'post' | 'delete', path: string, body?: object): Promise<unknown> {
    const answer = await fetch(`${it_.emulators.url}${path}`, {
      method: method.toUpperCase(),
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return answer.json();
  }

  async function aScannedProperty(person: Person, title: string): Promise<string> {
    const created = await person.send('post', '/provider/properties', {
      create_tour_params: { title, address: '31 Wharf Road, Balmain NSW 2041', matterport_key: HOUSE.id },
    });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }

  const jobOf = async (person: Person, propertyId: string): Promise<Job | null> =>
    (await person.get(statusPath(propertyId)).expect(200)).body.data.segmentation.job as Job | null;

  const settled = (person: Person, propertyId: string) =>
    eventually(
      () => jobOf(person, propertyId),
      (job) => job !== null && job.status !== 'running',
      'a settled segmentation job',
      60_000,
    );

  const completions = async (jobId: string) =>
    (
      await it_.propertiesDb.dataSource.query(
        `SELECT envelope -> 'data' AS data FROM outbox
          WHERE subject = 'properties.segmentation.completed.v1' AND envelope -> 'data' ->> 'job_id' = $1`,
        [jobId],
      )
    ).map((row: { data: Record<string, unknown> }) => row.data);

  it('segments every panorama of the scan once, fills the scene and announces it once', async () => {
    const propertyId = await aScannedProperty(harbour, 'Wharf Road');
    const before = await harbour.get(statusPath(propertyId)).expect(200);
    expect(before.body.data.segmentation).toEqual({ available: true, job: null });

    const queued = await harbour.send('post', enqueuePath(propertyId));
    expect(queued.status).toBe(202);
    expect(queued.body.data.segmentation_job).toMatchObject({
      status: 'running',
      total: HOUSE.rooms.length,
      failed: 0,
    });
    const job = await settled(harbour, propertyId);
    expect(job).toMatchObject({ status: 'done', total: HOUSE.rooms.length, segmented: HOUSE.rooms.length });

    const steps = await it_.propertiesDb.dataSource.query(
      `SELECT pano_id, room, status, attempts, image_url FROM segmentation_steps
        WHERE job_id = $1 ORDER BY position`,
      [job!.id],
    );
    expect(steps.map((step: { room: string }) => step.room)).toEqual(HOUSE.rooms.map((room) => room.label));
    expect(steps.every((step: { status: string; attempts: number }) => step.status === 'done')).toBe(true);
    // Each panorama went to the engine once.
    const { requests } = (await engine('get', '/_emulator/segmentation/requests')) as {
      requests: Array<{ image_url: string; status: number }>;
    };
    const urls = steps.map((step: { image_url: string }) => step.image_url);
    expect(
      requests.filter((request) => urls.includes(request.image_url)).map((request) => request.status),
    ).toEqual(urls.map(() => 200));

    const [scene] = await it_.propertiesDb.dataSource.query(
      'SELECT status, panos FROM segmentation_scenes WHERE matterport_key = $1',
      [HOUSE.id],
    );
    expect(scene.status).toBe('ready');
    expect(scene.panos.map((pano: { id: string }) => pano.id)).toEqual(
      steps.map((step: { pano_id: string }) => step.pano_id),
    );
    const bedroom = scene.panos.find((pano: { room: string }) => /bed/i.test(pano.room));
    expect(bedroom.segments.map((segment: { label: string }) => segment.label)).toEqual(
      expect.arrayContaining(['ceiling', 'wall', 'floor', 'bed']),
    );
    expect(bedroom.emptyRoom).toBe(false);

    const [completed, ...again] = await completions(job!.id);
    expect(again).toEqual([]);
    expect(completed).toMatchObject({
      property_id: propertyId,
      status: 'done',
      panoramas: HOUSE.rooms.length,
      segmented: HOUSE.rooms.length,
      failed: 0,
    });
    const emptyRooms = scene.panos.filter((pano: { emptyRoom: boolean }) => pano.emptyRoom);
    expect(completed.empty_room_pano_ids).toEqual(emptyRooms.map((pano: { id: string }) => pano.id));
  });

  it('answers the running job to a second enqueue and queues nothing twice', async () => {
    await engine('post', '/_emulator/segmentation/latency', { ms: 200 });
    const propertyId = await aScannedProperty(harbour, 'Wharf Road again');
    const first = await harbour.send('post', enqueuePath(propertyId));
    expect(first.status).toBe(202);
    const second = await harbour.send('post', enqueuePath(propertyId));
    expect(second.status).toBe(200);
    expect(second.body.data.segmentation_job.id).toBe(first.body.data.segmentation_job.id);
    const job = await settled(harbour, propertyId);
    expect(job).toMatchObject({ status: 'done', segmented: HOUSE.rooms.length });
    const [{ jobs, steps }] = await it_.propertiesDb.dataSource.query(
      `SELECT count(DISTINCT j.id)::int AS jobs, count(*)::int AS steps
         FROM segmentation_jobs j JOIN segmentation_steps s ON s.job_id = j.id WHERE j.property_id = $1`,
      [propertyId],
    );
    expect({ jobs, steps }).toEqual({ jobs: 1, steps: HOUSE.rooms.length });
  });

  it('retries a panorama through an engine outage, and gives up with the reason after its last try', async () => {
    const propertyId = await aScannedProperty(harbour, 'Wharf Road outage');
    // Two failures: the first panorama's first two tries; it is segmented on its third.
    await engine('post', '/_emulator/segmentation/failures', { status: 503, times: 2 });
    await harbour.send('post', enqueuePath(propertyId)).expect(202);
    expect(await settled(harbour, propertyId)).toMatchObject({ status: 'done', failed: 0 });

    // More failures than any panorama has tries: each is given up after five, and the job says why.
    await engine('post', '/_emulator/segmentation/failures', { status: 503, times: 5 * HOUSE.rooms.length });
    const again = await harbour.send('post', enqueuePath(propertyId));
    expect(again.status).toBe(202);
    const job = await settled(harbour, propertyId);
    expect(job).toMatchObject({ status: 'failed', segmented: 0, failed: HOUSE.rooms.length });
    expect(job!.failures[0]).toEqual({
      pano_id: expect.any(String),
      room: HOUSE.rooms[0]!.label,
      error: 'The engine is temporarily unavailable (gave up after 5 tries: segment again later)',
    });
    // The first job's panoramas stay shown.
    const [scene] = await it_.propertiesDb.dataSource.query(
      'SELECT status, jsonb_array_length(panos) AS panos FROM segmentation_scenes WHERE matterport_key = $1',
      [HOUSE.id],
    );
    expect(scene).toEqual({ status: 'ready', panos: HOUSE.rooms.length });
    const [completed] = await completions(job!.id);
    expect(completed).toMatchObject({ status: 'failed', segmented: 0, failed: HOUSE.rooms.length });
  });

  it('refuses another provider’s property and a provider without a Matterport account, in words', async () => {
    const propertyId = await aScannedProperty(harbour, 'Wharf Road private');
    const notFound = { errors: { base: [PROPERTY_NOT_FOUND] } };
    for (const answer of [
      await unconnected.send('post', enqueuePath(propertyId)),
      await unconnected.get(statusPath(propertyId)),
    ]) {
      expect([answer.status, answer.body]).toEqual([404, notFound]);
    }
    const own = await aScannedProperty(unconnected, 'Not connected');
    const refused = await unconnected.send('post', enqueuePath(own));
    expect([refused.status, refused.body]).toEqual([409, { errors: { base: [MATTERPORT_NOT_CONNECTED] } }]);
    expect(await jobOf(unconnected, own)).toBeNull();
  });
});
