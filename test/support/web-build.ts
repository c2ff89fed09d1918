import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');
const WEB = path.join(ROOT, 'web');
/**
 * Everything the build reads besides node_modules: the app, the contracts it imports, the locked versions, and this
 * file (how it builds).
 */
const INPUTS = [
  WEB,
  path.join(ROOT, 'libs', 'contracts', 'src'),
  path.join(ROOT, 'package-lock.json'),
  __filename,
];
const SKIPPED = new Set(['node_modules', 'dist', '.vite']);
const PREFIX = 'tourly-web-build-';
const DONE = '.complete';
const LOCK_STALE_MS = 5 * 60_000;
const OLD_BUILD_MS = 24 * 60 * 60_000;

/**
 * The web app built for the browser tests, once for all their files (Jest runs them in parallel workers) and
 * again only when its sources change: the build goes to a temp directory named after a hash of its inputs, and
 * a lock directory (mkdir is atomic) makes every other worker wait for the one that builds.
 */
export async function builtWebApp(): Promise<string> {
  const dir = path.join(tmpdir(), `${PREFIX}${inputsHash()}`);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (existsSync(path.join(dir, DONE))) return dir;
    if (takeLock(lock)) {
      try {
        if (!existsSync(path.join(dir, DONE))) await build(dir);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      pruneOldBuilds(dir);
      return dir;
    }
    if (Date.now() > deadline) throw new Error(`the web build in ${dir} did not finish (lock ${lock})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A worker that died mid-build leaves its lock behind: take it over once it is clearly abandoned.
    if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

async function build(dir: string): Promise<void> {
  const staging = `${dir}.tmp-${process.pid}`;
  await promisify(execFile)(
    'npx',
    ['vite', 'build', '--outDir', staging, '--emptyOutDir', '--logLevel', 'error'],
    // Jest sets NODE_ENV=test, which Vite would take for a development build (React's, with StrictMode's double
    // mounts): the browser tests load the bundle that ships.
    { cwd: WEB, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } },
  );
  writeFileSync(path.join(staging, DONE), new Date().toISOString());
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

function inputsHash(): string {
  const hash = createHash('sha256');
  const visit = (file: string) => {
    const stats = statSync(file);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(file).sort()) {
        if (!SKIPPED.has(entry)) visit(path.join(file, entry));
      }
    } else {
      hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  for (const input of INPUTS) if (existsSync(input)) visit(input);
  return hash.digest('hex').slice(0, 16);
}

/** Builds of older sources, a day old, go: each change of the app leaves one behind. */
function pruneOldBuilds(current: string): void {
  for (const entry of readdirSync(tmpdir())) {
    const full = path.join(tmpdir(), entry);
    if (!entry.startsWith(PREFIX) || full === current || entry.includes('.lock')) continue;
    try {
      if (Date.now() - statSync(full).mtimeMs > OLD_BUILD_MS) rmSync(full, { recursive: true, force: true });
    } catch {
      // Another run pruned it first.
    }
  }
}

/**
 * What the gateway needs to serve the built pages in a browser test: the build, the emulators' Stripe.js, and
 * images from the local S3 and the emulators (each on a port chosen at start).
 */
export function pagesEnv(webDist: string, emulatorsUrl: string): Record<string, string> {
  return {
    WEB_DIST: webDist,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator',
    STRIPE_JS_URL: `${emulatorsUrl}/stripe-js/v3.js`,
    IMAGE_ORIGINS: 'http://127.0.0.1:*',
  };
}
