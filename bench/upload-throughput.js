// Upload throughput: a 100 MB file (1024e5 bytes, the largest the spec allows) sent as multipart through the
// gateway to properties, which streams it to the local S3 server, against the same bytes PUT straight to that
// S3 server in the same run (the baseline: what storage itself costs), and against the same bytes written from
// here by the service's own storage writer (a multipart upload in 5 MB parts: what the local server's
// multipart costs, apart from the gateway and the multipart form). Three alternating rounds, median reported. Also the peak growth of
// the properties process's resident memory during an upload, sampled from /proc, from a fresh process and
// after a warm-up: target < 64 MB (the file must never sit whole in memory).
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdtemp, rm, readFile } = require('node:fs/promises');
const { request } = require('node:http');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { Readable } = require('node:stream');
const { Storage } = require('@tourly/platform/storage');
const { DEMO_PASSWORD } = require('@tourly/identity');
const { startLocalS3 } = require('../infra/launcher/dist/local-s3');
const { freshDatabase, serve, NATS_URL, record } = require('./support');

const SIZE = 1024e5;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const RSS_TARGET_MB = 64;
const BUCKET = 'tourly-bench-uploads';
const MB = 1e6;

/** The file's bytes, generated chunk by chunk: a PDF's first bytes, then filler. */
function* fileBytes() {
  yield Buffer.from('%PDF-1.7\n');
  const filler = Buffer.alloc(256 * 1024, 0x5a);
  for (let left = SIZE - 9; left > 0; left -= filler.length) {
    yield left >= filler.length ? filler : filler.subarray(0, left);
  }
}

function send(url, { method, headers, body, length }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const call = request(
      url,
      { method, headers: { ...headers, 'content-length': length } },
      async (response) => {
        let text = '';
        for await (const chunk of response) text += chunk;
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        resolve({ status: response.statusCode, text, seconds });
      },
    );
    call.on('error', reject);
    Readable.from(body()).pipe(call);
  });
}

/** Straight to storage: one PUT of the bytes to a signed URL (as a browser uploads straight to S3). */
async function putToStorage(storage, key) {
  return send(await storage.writeUrl(key, 'application/pdf', SIZE), {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: fileBytes,
    length: SIZE,
  });
}

/** Straight to storage with the service's own writer (a multipart upload in 5 MB parts, two in flight). */
async function multipartToStorage(storage, key) {
  const started = process.hrtime.bigint();
  await storage.upload(key, Readable.from(fileBytes()), 'application/pdf');
  return { status: 200, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Through the gateway, as the upload page sends it: multipart `temporary_upload[file]` with the session. */
function uploadThroughGateway(gatewayUrl, session) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="temporary_upload[file]"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return send(`${gatewayUrl}/provider/temporary_uploads.json`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      accept: 'application/json',
    },
    body: function* () {
      yield head;
      yield* fileBytes();
      yield tail;
    },
    length: head.length + SIZE + tail.length,
  });
}

/** An uploaded file's key in the bench's bucket, from the signed URL the API answers with. */
const keyOf = (url) => decodeURIComponent(new URL(url).pathname.slice(`/${BUCKET}/`.length));

async function rssBytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** Samples the process's resident memory every 10 ms while `work` runs; the peak. */
async function peakRssDuring(pid, work) {
  let peak = await rssBytes(pid);
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await rssBytes(pid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await work(), peak };
  } finally {
    running = false;
    await sampling;
  }
}

/** Like support's serve(), keeping the child's pid: its memory is what is measured. */
function serveMeasured(what, env) {
  const child = spawn(process.execPath, [path.join(__dirname, 'serve.js'), what], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      INTERNAL_TOKEN_SECRET: process.env.BENCH_SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{'));
      if (line)
        resolve({
          url: JSON.parse(line).url,
          pid: child.pid,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

async function signIn(gatewayUrl) {
  const response = await fetch(`${gatewayUrl}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email: 'provider@demo.test', password: DEMO_PASSWORD } }),
  });
  const body = await response.json();
  return { cookie: response.headers.get('set-cookie').split(';')[0], csrfToken: body.data.csrf_token };
}

const mbPerSecond = (seconds) => +(SIZE / MB / seconds).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tourly-bench-s3-'));
  const s3 = await startLocalS3({ dataDir, port: 0, buckets: [BUCKET] });
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const shared = { NATS_URL, EVENTS_NAMESPACE: namespace, DATABASE_URL: database.url };
  const storageEnv = {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  const [identity, properties] = await Promise.all([
    // The demo accounts are seeded outside production only.
    serve('identity', { ...shared, NODE_ENV: 'development' }),
    serveMeasured('properties', { ...shared, ...storageEnv }),
  ]);
  const gateway = await serve('gateway', {
    ...shared,
    IDENTITY_URL: identity.url,
    BILLING_URL: identity.url,
    PROPERTIES_URL: properties.url,
    ORDERS_URL: identity.url,
    CREDENTIAL_RATE_LIMIT: '1000',
  });
  try {
    const storage = new Storage(storageEnv);
    const session = await signIn(gateway.url);
    // The first upload of a fresh process (it also loads the S3 client, the pool and the parsers).
    const coldBefore = await rssBytes(properties.pid);
    const { result: warm, peak: coldPeak } = await peakRssDuring(properties.pid, () =>
      uploadThroughGateway(gateway.url, session),
    );
    if (warm.status !== 201) throw new Error(`warm-up upload refused: ${warm.status} ${warm.text}`);
    await storage.delete([keyOf(JSON.parse(warm.text).data.file.url)]);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const direct = await putToStorage(storage, `bench/direct-${round}.pdf`);
      const multipart = await multipartToStorage(storage, `bench/multipart-${round}.pdf`);
      const before = await rssBytes(properties.pid);
      const { result: upload, peak } = await peakRssDuring(properties.pid, () =>
        uploadThroughGateway(gateway.url, session),
      );
      rounds.push({
        directMBps: mbPerSecond(direct.seconds),
        directMultipartMBps: mbPerSecond(multipart.seconds),
        throughGatewayMBps: mbPerSecond(upload.seconds),
        ratio: +(direct.seconds / upload.seconds).toFixed(2),
        rssBeforeMB: +(before / MB).toFixed(1),
        peakRssGrowthMB: +((peak - before) / MB).toFixed(1),
        failed: (direct.status === 200 ? 0 : 1) + (upload.status === 201 ? 0 : 1),
      });
      // Keep the disk from filling: each round stores 200 MB.
      await storage.delete([`bench/direct-${round}.pdf`, `bench/multipart-${round}.pdf`]);
      if (upload.status === 201) await storage.delete([keyOf(JSON.parse(upload.text).data.file.url)]);
    }
    const result = {
      fileBytes: SIZE,
      rounds: ROUNDS,
      median: {
        directMBps: median(rounds.map((r) => r.directMBps)),
        directMultipartMBps: median(rounds.map((r) => r.directMultipartMBps)),
        throughGatewayMBps: median(rounds.map((r) => r.throughGatewayMBps)),
        ratio: median(rounds.map((r) => r.ratio)),
      },
      firstUploadRssGrowthMB: +((coldPeak - coldBefore) / MB).toFixed(1),
      peakRssGrowthMB: Math.max(...rounds.map((r) => r.peakRssGrowthMB)),
      rssTargetMB: RSS_TARGET_MB,
      details: rounds,
    };
    result.rssTargetMet = Math.max(result.firstUploadRssGrowthMB, result.peakRssGrowthMB) < RSS_TARGET_MB;
    record('upload-throughput', result);
    console.log(JSON.stringify(result, null, 2));
    if (rounds.some((r) => r.failed > 0) || !result.rssTargetMet) process.exitCode = 1;
    storage.onApplicationShutdown();
  } finally {
    await gateway.stop();
    await properties.stop();
    await identity.stop();
    await database.drop();
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
