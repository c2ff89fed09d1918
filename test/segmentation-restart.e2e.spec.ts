import { Client } from 'pg';
import { matterportAccountModels } from '@tourly/emulators';
import { eventually } from '@tourly/platform/testing';
import { connectMatterport } from './support/matterport';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { builtServices, ownProcess, ready, type Program } from './support/processes';

const KILLS = 2;
/** Each panorama takes the engine this long, so that a kill lands mid-job with panoramas done and left. */
const ENGINE_LATENCY_MS = 400;
const HOUSE = matterportAccountModels('harbour-studio').find(
  (model) => model.name === '31 Wharf Road, Balmain',
)!;

/**
 * A segmentation job across kill -9 (issue 37): properties, whose worker takes the job's steps from the jobs' work
 * queue, runs as a process of its own and is killed twice while a job is half done, each time mid-step (the engine
 * answers in 400 ms), then started again on the same database and stream. In the end every panorama of the scan is
 * segmented exactly once: one settled step each, the scene holds each once, the job counts each once, and the job's
 * completion is announced once.
 */
describe('properties killed with -9 while a segmentation job runs', () => {
  let it_: PlatformWithEmulators;
  let properties: Program;
  let propertiesUrl: string;
  let provider: Person;
  let db: Client;

  beforeAll(async () => {
    await builtServices();
    it_ = await startPlatformWithEmulators({ s3: true });
    const moved = await ownProcess(it_.platform.services.properties, {
      // A step in flight to the killed process comes again 3 s after its delivery, not after the worker's 120 s.
      EVENT_ACK_WAIT_MS: '3000',
    });
    properties = moved.program;
    propertiesUrl = moved.url;
    db = new Client({ connectionString: moved.env.DATABASE_URL });
    await db.connect();
    properties.start();
    await ready(propertiesUrl);
    provider = await it_.signUp('Restart Segmentation Media');
    await connectMatterport(it_.base, provider, 'harbour-studio');
  }, 120_000);

  afterAll(async () => {
    await properties?.stop();
    await db?.end();
    await it_?.stop();
  });

  const select = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];

  async function engine(path: string, body: object): Promise<void> {
    const answer = await fetch(`${it_.emulators.url}/_emulator/segmentation${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  }

  const progress = async (jobId: string) =>
    (
      await select<{ segmented: number; failed: number; total: number; status: string }>(
        'SELECT segmented, failed, total, status FROM properties.segmentation_jobs WHERE id = $1',
        [jobId],
      )
    )[0]!;

  it('segments every panorama exactly once', async () => {
    await engine('/latency', { ms: ENGINE_LATENCY_MS });
    const created = await provider
      .send('post', '/provider/properties', {
        create_tour_params: {
          title: 'Restart Road',
          address: '31 Wharf Road, Balmain',
          matterport_key: HOUSE.id,
        },
      })
      .expect(201);
    const propertyId = created.body.data.id as string;
    const queued = await provider
      .send('post', `/provider/properties/${propertyId}/segmentation/enqueue_equi_segmentation.json`)
      .expect(202);
    const jobId = queued.body.data.segmentation_job.id as string;
    const total = HOUSE.rooms.length;
    expect(queued.body.data.segmentation_job.total).toBe(total);

    const atKills: number[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      // Killed once a few more panoramas are done: mid-job, and (the engine taking 400 ms each) mid-step.
      const target = Math.floor((kill * total) / (KILLS + 1));
      await eventually(
        () => progress(jobId),
        (job) => job.segmented >= target,
        `${target} panoramas segmented before kill ${kill}`,
        60_000,
      );
      await properties.kill9();
      atKills.push((await progress(jobId)).segmented);
      properties.start();
      await ready(propertiesUrl);
    }
    console.log(`segmentation restart: ${total} panoramas, segmented at each kill: ${atKills.join(', ')}`);
    for (const segmented of atKills) {
      expect(segmented).toBeGreaterThan(0);
      expect(segmented).toBeLessThan(total);
    }

    const job = await eventually(
      () => progress(jobId),
      (row) => row.status !== 'running',
      'the job settled after the restarts',
      90_000,
    );
    expect(job).toEqual({ segmented: total, failed: 0, total, status: 'done' });
    const steps = await select<{ pano_id: string; status: string }>(
      'SELECT pano_id, status FROM properties.segmentation_steps WHERE job_id = $1 ORDER BY position',
      [jobId],
    );
    expect(steps).toHaveLength(total);
    expect(steps.every((step) => step.status === 'done')).toBe(true);
    const [scene] = await select<{ ids: string[] }>(
      `SELECT array(SELECT pano ->> 'id' FROM jsonb_array_elements(panos) pano) AS ids
         FROM properties.segmentation_scenes WHERE matterport_key = $1`,
      [HOUSE.id],
    );
    expect(scene!.ids).toEqual(steps.map((step) => step.pano_id));
    const completions = await select<{ id: string }>(
      `SELECT id FROM properties.outbox
        WHERE subject = 'properties.segmentation.completed.v1' AND envelope -> 'data' ->> 'job_id' = $1`,
      [jobId],
    );
    expect(completions).toHaveLength(1);
    // Each step's handling was committed once: one inbox row per step event.
    const [{ handled }] = await select<{ handled: number }>(
      `SELECT count(*)::int AS handled FROM properties.inbox i JOIN properties.outbox o ON o.id = i.event_id
        WHERE o.subject = 'jobs.properties.segment_pano.v1' AND o.envelope -> 'data' ->> 'job_id' = $1`,
      [jobId],
    );
    expect(handled).toBe(total);
  });
});
