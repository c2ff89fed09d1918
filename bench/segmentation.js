// Segmentation jobs (issue 37): N panoramas (1,000, BENCH_PANORAMAS) through the properties service's worker with the
// emulated engine, against the engine alone in the same run. The panoramas are the emulated Matterport's: every sweep
// of the thirteen demo models of a token's account (73 pictures) at 2k, as enqueue_equi_segmentation links them
// (BENCH_RESOLUTION=512 for 1024x512), N steps cycling through them, each its own pano id. The emulators run in a
// process of their own, as a vendor does.
// Baseline: the links POSTed to the engine from this process two at a time (a replica of the worker handles two steps
// at once: like with like), half before the worker's run and half after, panoramas a second. Through the worker:
// one job of N steps queued in one transaction as enqueue_equi_segmentation queues one (the scene, the job's row, a
// step per panorama and an outbox row per step, by the service's own repository and the platform's EventBus), then
// the time from the commit until the job's row counts every step (polled every 100 ms). The worker is the properties
// process's durable consumer of jobs.properties.segment_pano.v1 (one replica): each step is the engine's call plus
// what the worker adds (the outbox relay, the JetStream work queue, the step's transaction with the inbox, its lock,
// settle and count, the mask stored in S3 on a local S3 server, the ack).
// Target: worker throughput >= 0.8 of the engine alone's (issue 37).
// The queue's memory, sampled every second while the worker drains it: the JOBS stream's messages and bytes (a work
// queue: back to 0 once every step is acknowledged), the properties process's resident memory (from /proc), and its
// heap after a full collection once a quarter of the steps are done and at the end. Target: flat (the stream at 0,
// the heap < 2 MB and the resident memory < 64 MB more at the end than at the first quarter). A worker holding on to
// the steps it did would keep about 4 KB of heap each (the engine's parsed answer, the segments, the mask, the
// envelope: measured by holding them), 3 MB for 750 steps: only the heap after a collection sees that much; resident
// memory moves by 10-20 MB with the collector alone and is there for larger leaks (a buffer or a request per step).
// Before both, not measured: every picture through the engine once, and a job of WARM_UP_STEPS through the worker (a
// fresh process's first steps compile its code and open its connections).
const { spawn } = require('node:child_process');
const { randomBytes, randomUUID } = require('node:crypto');
const { mkdtemp, rm } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { connect } = require('nats');
const {
  EventBus,
  createLogger,
  jobStreamName,
  openDatabase,
  streamName,
  uuidv7,
} = require('@tourly/platform');
const { properties: propertiesService } = require('@tourly/properties');
const { SegmentationRepository } = require('@tourly/properties/dist/segmentation/segmentation.repository');
const { startLocalS3 } = require('../infra/launcher/dist/local-s3');
const { freshDatabase, serve, residentBytes, percentile, NATS_URL, record } = require('./support');

const PANORAMAS = Number(process.env.BENCH_PANORAMAS || 1000);
/** The pictures' resolution: 2k (2048x1024) as enqueue_equi_segmentation links them, or 512 (1024x512). */
const RESOLUTION = process.env.BENCH_RESOLUTION || '2k';
const WARM_UP_STEPS = 40;
/** The steps a replica of the worker handles at once (libs/platform's job consumers: two). */
const WORKER_STEPS_AT_ONCE = 2;
const TARGET_RATIO = 0.8;
const HEAP_TARGET_MB = 2;
const RSS_TARGET_MB = 64;
const SUBJECT = 'jobs.properties.segment_pano.v1';
const BUCKET = 'tourly-bench-segmentation';
const ENGINE_KEY = 'bench-key';
const MATTERPORT_TOKEN = { id: 'bench-token-id', secret: 'bench-token-secret' };
const POLL_MS = 100;
const SAMPLE_MS = 1000;
const MB = 1e6;

const PANORAMAS_QUERY = `query GetPanoramas($id: ID!, $resolution: String) {
  model(id: $id) { id panoLocations { id label image(format: equirectangular, resolution: $resolution) { url } } }
}`;

/**
 * The vendor emulators in a process of their own, as a vendor is: the engine's work is not this process's, and the
 * engine alone is asked from another process as the worker asks it.
 */
function startEmulatorsProcess() {
  const child = spawn(process.execPath, [require.resolve('@tourly/emulators/dist/main.js')], {
    env: { ...process.env, EMULATORS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const url = /listening on (http\S+)/.exec(printed)?.[1];
      if (url) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({
          url,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`the emulators exited with ${code}`)));
  });
}

/** The Model API's answer to one query, with the platform's kind of credentials (an API token, HTTP Basic). */
async function modelApi(emulatorsUrl, query, variables) {
  const { id, secret } = MATTERPORT_TOKEN;
  const response = await fetch(`${emulatorsUrl}/matterport/api/models/graph`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (!response.ok || !body.data) throw new Error(`Model API: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Every distinct panorama of the account's models at RESOLUTION, `{room, url}`, in the models' and sweeps' order. */
async function demoPanoramas(emulatorsUrl) {
  const { models } = await modelApi(emulatorsUrl, '{ models(pageSize: 100) { results { id } } }');
  const panoramas = new Map();
  for (const { id } of models.results) {
    const { model } = await modelApi(emulatorsUrl, PANORAMAS_QUERY, { id, resolution: RESOLUTION });
    for (const location of model.panoLocations) {
      const url = location.image?.url;
      if (url && !panoramas.has(url)) panoramas.set(url, { room: location.label ?? null, url });
    }
  }
  return [...panoramas.values()];
}

/** `count` steps cycling through the panoramas, each its own pano id (`<prefix>000123`). */
const stepsOf = (panoramas, prefix, count) =>
  Array.from({ length: count }, (_, n) => ({
    id: `${prefix}${String(n).padStart(6, '0')}`,
    ...panoramas[n % panoramas.length],
  }));

/**
 * The engine alone: the links POSTed as the worker's adapter sends them, WORKER_STEPS_AT_ONCE at a time (two lanes
 * taking the next link as each answer arrives, as a replica handles its steps); the seconds and each answer's ms.
 */
async function engineAlone(emulatorsUrl, steps) {
  let failures = 0;
  let next = 0;
  const latencies = [];
  const started = performance.now();
  const lane = async () => {
    while (next < steps.length) {
      const step = steps[next++];
      const sent = performance.now();
      const response = await fetch(`${emulatorsUrl}/segmentation/v1/segmentations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ENGINE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ image_url: step.url, mask_format: 'png' }),
      });
      const body = await response.json();
      latencies.push(performance.now() - sent);
      if (!response.ok || !body.mask) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: WORKER_STEPS_AT_ONCE }, lane));
  return { seconds: (performance.now() - started) / 1000, latencies, failures };
}

/** Both halves of the engine alone as one figure. */
function engineFigures(halves) {
  const seconds = halves.reduce((sum, half) => sum + half.seconds, 0);
  const latencies = halves.flatMap((half) => half.latencies).sort((a, b) => a - b);
  return {
    panoramas: latencies.length,
    seconds: +seconds.toFixed(2),
    panoramasPerSecond: +(latencies.length / seconds).toFixed(2),
    halvesPerSecond: halves.map((half) => +(half.latencies.length / half.seconds).toFixed(2)),
    p50Ms: +percentile(latencies, 50).toFixed(1),
    p99Ms: +percentile(latencies, 99).toFixed(1),
    failures: halves.reduce((sum, half) => sum + half.failures, 0),
  };
}

/**
 * A job of the steps, queued as the service's enqueue queues one, in one transaction on the properties schema: the
 * scene, the job's row (running, total), a step per panorama and an outbox row per step. Resolves with the job's id
 * once committed (the relay is woken on commit).
 */
async function enqueue(dataSource, property, steps) {
  const jobs = new SegmentationRepository();
  const events = new EventBus('properties');
  return dataSource.transaction(async (tx) => {
    const sceneId = await jobs.sceneFor(tx, uuidv7(), property.matterportKey);
    const jobId = await jobs.insertJob(tx, {
      id: uuidv7(),
      providerId: property.providerId,
      propertyId: property.id,
      sceneId,
      total: steps.length,
    });
    if (!jobId) throw new Error('a job of the property is still running');
    await jobs.addSteps(tx, jobId, steps);
    for (const step of steps) {
      const payload = { providerId: property.providerId, propertyId: property.id, jobId, panoId: step.id };
      await events.publish(SUBJECT, payload, tx);
    }
    return jobId;
  });
}

async function jobProgress(db, jobId) {
  const {
    rows: [job],
  } = await db.query(
    'SELECT status, total, segmented, failed FROM properties.segmentation_jobs WHERE id = $1',
    [jobId],
  );
  return job;
}

/** The job's row polled every POLL_MS until it counts every step; `onPoll` sees each reading. */
async function untilSettled(db, jobId, total, onPoll = () => undefined) {
  const deadline = Date.now() + 60_000 + total * 1000;
  for (;;) {
    const job = await jobProgress(db, jobId);
    onPoll(job);
    if (job.segmented + job.failed >= total) return job;
    if (Date.now() > deadline) {
      throw new Error(`job ${jobId}: ${job.segmented + job.failed} of ${total} steps settled in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The JOBS stream's messages and bytes now (what the queue holds: the steps not yet acknowledged). */
async function queueState(jsm, namespace) {
  const info = await jsm.streams.info(jobStreamName(namespace)).catch(() => undefined);
  return { messages: info?.state.messages ?? 0, bytes: info?.state.bytes ?? 0 };
}

/**
 * Through the worker: a job of the steps queued, then the time from its commit until its row counts them all; the
 * queue's and the process's memory sampled every SAMPLE_MS meanwhile, and the heap after a full collection once a
 * quarter is done and at the end.
 */
async function throughWorker({ dataSource, db, jsm, namespace, properties, property, steps }) {
  const samples = [];
  let settled = 0;
  let committedAt = 0;
  const sample = async () =>
    samples.push({
      atS: +((performance.now() - committedAt) / 1000).toFixed(1),
      settled,
      rssMB: +(residentBytes(properties.pid) / MB).toFixed(1),
      queue: await queueState(jsm, namespace),
    });
  const enqueuedFrom = performance.now();
  const jobId = await enqueue(dataSource, property, steps);
  committedAt = performance.now();
  const enqueueSeconds = (committedAt - enqueuedFrom) / 1000;
  await sample();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      if (sampling) await sample();
    }
  })();
  let quarterHeap;
  let askedQuarter = false;
  const job = await untilSettled(db, jobId, steps.length, (reading) => {
    settled = reading.segmented + reading.failed;
    if (!askedQuarter && settled >= steps.length / 4) {
      askedQuarter = true;
      quarterHeap = properties.memory();
    }
  });
  const seconds = (performance.now() - committedAt) / 1000;
  sampling = false;
  await sampler;
  // The last step's ack follows its transaction's commit: the queue empties a moment after the row says done.
  const emptyBy = Date.now() + 5000;
  let queue = await queueState(jsm, namespace);
  while (queue.messages > 0 && Date.now() < emptyBy) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    queue = await queueState(jsm, namespace);
  }
  const endRssMB = +(residentBytes(properties.pid) / MB).toFixed(1);
  const endHeap = await properties.memory();
  return {
    jobId,
    job,
    enqueueSeconds,
    seconds,
    samples,
    queueAtEnd: queue,
    endRssMB,
    quarterHeap: await quarterHeap,
    endHeap,
  };
}

/** The queue's and the process's memory while the worker drained it: start, a quarter, the middle and the end. */
function memoryOf(run, total) {
  const { samples } = run;
  const at = (share) => samples.find((s) => s.settled >= total * share) ?? samples[samples.length - 1];
  const quarter = at(0.25);
  const fromQuarter = samples.filter((s) => s.settled >= quarter.settled);
  // The first sample is the commit's moment, before the relay has moved the steps to the queue: a second later it has.
  const start = samples[Math.min(1, samples.length - 1)];
  const middle = samples[Math.floor(samples.length / 2)];
  const heapMB = (memory) => +(memory.heapUsed / MB).toFixed(1);
  return {
    jobsStream: {
      start: { atS: start.atS, ...start.queue },
      middle: { atS: middle.atS, ...middle.queue },
      end: { atS: +run.seconds.toFixed(1), ...run.queueAtEnd },
      peakMessages: Math.max(...samples.map((s) => s.queue.messages)),
      endMessages: run.queueAtEnd.messages,
    },
    rss: {
      startMB: samples[0].rssMB,
      firstQuarterMB: quarter.rssMB,
      endMB: run.endRssMB,
      peakMB: Math.max(...samples.map((s) => s.rssMB), run.endRssMB),
    },
    rssGrowthFromFirstQuarterMB: +(run.endRssMB - quarter.rssMB).toFixed(1),
    peakRssGrowthFromFirstQuarterMB: +(
      Math.max(...fromQuarter.map((s) => s.rssMB), run.endRssMB) - quarter.rssMB
    ).toFixed(1),
    heapAfterGcMB: { firstQuarter: heapMB(run.quarterHeap), end: heapMB(run.endHeap) },
    heapAfterGcGrowthMB: +((run.endHeap.heapUsed - run.quarterHeap.heapUsed) / MB).toFixed(1),
    samples: samples.map((s) => ({
      atS: s.atS,
      settled: s.settled,
      rssMB: s.rssMB,
      queueMessages: s.queue.messages,
      queueBytes: s.queue.bytes,
    })),
  };
}

/**
 * The engine's warm-up: every picture once. Answers the mean answer's bytes (the engine's JSON as the worker receives
 * it: what a worker holding on to its steps would keep of each, at least).
 */
async function warmEngine(emulatorsUrl, panoramas) {
  let bytes = 0;
  for (const pano of panoramas) {
    const response = await fetch(`${emulatorsUrl}/segmentation/v1/segmentations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENGINE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: pano.url, mask_format: 'png' }),
    });
    bytes += (await response.arrayBuffer()).byteLength;
  }
  return Math.round(bytes / panoramas.length);
}

async function main() {
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const cleanup = [];
  const stopAll = async () => {
    for (const [name, stop] of cleanup.reverse()) {
      await stop().catch((error) => console.error(`stopping ${name}: ${error.message}`));
    }
  };
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tourly-bench-s3-'));
    cleanup.push(['S3 data', () => rm(dataDir, { recursive: true, force: true })]);
    const s3 = await startLocalS3({ dataDir, port: 0, buckets: [BUCKET], allowedOrigins: [] });
    cleanup.push(['S3', () => s3.close()]);
    const emulators = await startEmulatorsProcess();
    cleanup.push(['emulators', emulators.stop]);
    const database = await freshDatabase();
    cleanup.push(['database', () => database.drop()]);
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    cleanup.push([
      'streams and NATS',
      async () => {
        for (const name of [streamName(namespace), jobStreamName(namespace)]) {
          await jsm.streams.delete(name).catch(() => undefined);
        }
        await nc.close();
      },
    ]);
    // Started with --expose-gc: memory() is its heap after a full collection.
    const properties = await serve(
      'properties',
      {
        NATS_URL,
        EVENTS_NAMESPACE: namespace,
        DATABASE_URL: database.url,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        MATTERPORT_API_URL: `${emulators.url}/matterport`,
        MATTERPORT_TOKEN_ID: MATTERPORT_TOKEN.id,
        MATTERPORT_TOKEN_SECRET: MATTERPORT_TOKEN.secret,
        SEGMENTATION_ENGINE_URL: `${emulators.url}/segmentation`,
        SEGMENTATION_ENGINE_KEY: ENGINE_KEY,
      },
      { nodeArgs: ['--expose-gc'] },
    );
    cleanup.push(['properties', properties.stop]);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    cleanup.push(['database connection', () => db.end()]);
    // The properties schema as the service's own code writes it (checked migrated, not migrated again).
    const dataSource = await openDatabase(
      {
        url: database.url,
        schema: 'properties',
        migrations: propertiesService.migrations,
        migrate: false,
        logger: createLogger('bench', 'warn'),
      },
      [],
    );
    cleanup.push(['data source', () => dataSource.destroy()]);

    const panoramas = await demoPanoramas(emulators.url);
    // A provider's scanned property (properties keeps providers' ids, not their rows).
    const property = {
      id: randomUUID(),
      providerId: randomUUID(),
      matterportKey: 'BenchModel01',
    };
    await db.query(
      `INSERT INTO properties.properties (id, provider_id, slug, title, address, matterport_key, tour_published)
       VALUES ($1, $2, 'segmentation-house', 'Segmentation House', '1 Sweep St, Sydney NSW', $3, false)`,
      [property.id, property.providerId, property.matterportKey],
    );

    // Warm-ups, not measured: the engine on every picture, then the worker on a small job.
    const answerBytes = await warmEngine(emulators.url, panoramas);
    const warmUp = await enqueue(dataSource, property, stepsOf(panoramas, 'w', WARM_UP_STEPS));
    await untilSettled(db, warmUp, WARM_UP_STEPS);

    // The engine alone half before the worker and half after, so that a machine's drift over the run weighs on both.
    const steps = stepsOf(panoramas, 'b', PANORAMAS);
    const before = await engineAlone(emulators.url, steps.slice(0, PANORAMAS / 2));
    const worker = await throughWorker({ dataSource, db, jsm, namespace, properties, property, steps });
    const after = await engineAlone(emulators.url, steps.slice(PANORAMAS / 2));
    const alone = engineFigures([before, after]);
    const workerPerSecond = +(PANORAMAS / worker.seconds).toFixed(2);
    const ratio = +(workerPerSecond / alone.panoramasPerSecond).toFixed(2);
    const memory = memoryOf(worker, PANORAMAS);
    const result = {
      panoramas: PANORAMAS,
      distinctPictures: panoramas.length,
      resolution: RESOLUTION,
      warmUpSteps: WARM_UP_STEPS,
      engineAnswerBytes: answerBytes,
      engineAlone: alone,
      throughWorker: {
        panoramas: PANORAMAS,
        seconds: +worker.seconds.toFixed(2),
        panoramasPerSecond: workerPerSecond,
        status: worker.job.status,
        segmented: worker.job.segmented,
        failed: worker.job.failed,
        msPerStep: +(1000 / workerPerSecond).toFixed(1),
        msPerStepOverEngineAlone: +(1000 / workerPerSecond - 1000 / alone.panoramasPerSecond).toFixed(1),
        // Not in the figure: the transaction that queues the job (the service's enqueue writes the same rows).
        enqueueSeconds: +worker.enqueueSeconds.toFixed(2),
      },
      throughputRatio: ratio,
      target: `throughWorker.panoramasPerSecond / engineAlone.panoramasPerSecond >= ${TARGET_RATIO} (issue 37)`,
      verdict: ratio >= TARGET_RATIO ? 'PASS' : 'FAIL',
      memoryTarget:
        `flat: memory.jobsStream.endMessages 0, memory.heapAfterGcGrowthMB < ${HEAP_TARGET_MB}, ` +
        `memory.peakRssGrowthFromFirstQuarterMB < ${RSS_TARGET_MB}`,
      memoryVerdict:
        memory.jobsStream.endMessages === 0 &&
        memory.heapAfterGcGrowthMB < HEAP_TARGET_MB &&
        memory.peakRssGrowthFromFirstQuarterMB < RSS_TARGET_MB
          ? 'PASS'
          : 'FAIL',
      memory,
    };
    record('segmentation', result);
    const { samples, ...printed } = memory;
    console.log(
      JSON.stringify(
        { ...result, memory: { ...printed, samples: `${samples.length}, in the file` } },
        null,
        2,
      ),
    );
    if (worker.job.failed > 0 || alone.failures > 0) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
