// `npm run build`: every workspace's build script (SWC; the web app's Vite), run only for a workspace whose inputs
// changed since its last build. Each build leaves a hash of what it was built from in its output
// (`dist/.built-from`), so `npm start` after `npm start`, the test suite's service processes and browser pages, and
// the benchmarks after the tests all ask for the same build: the first one builds, the others find it done.
//
//   node infra/tools/build.js                 every workspace, in package.json's order
//   node infra/tools/build.js web services/x  those only
//
// A lock directory per workspace (mkdir is atomic) makes a second build of it (a second Jest worker, `npm start` in
// another terminal) wait for the first and then find its work done.
const { execFile } = require('node:child_process');
const { createHash } = require('node:crypto');
const {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');

const ROOT = path.join(__dirname, '..', '..');
const STAMP = '.built-from';
/** A build takes a minute or two on a busy machine: a lock this old belongs to a build that died. */
const LOCK_STALE_MS = 10 * 60_000;
const LOCK_WAIT_MS = 15 * 60_000;
/** Never part of a workspace's inputs: what installs and builds make. */
const SKIPPED = new Set(['node_modules', 'dist', '.vite']);

/** The workspaces of the root package.json, its globs (`services/*`) expanded, in its order. */
function workspaces() {
  const patterns = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(ROOT, parent))
      .sort()
      .map((entry) => `${parent}/${entry}`)
      .filter((workspace) => existsSync(path.join(ROOT, workspace, 'package.json')));
  });
}

/** What a workspace's build reads besides node_modules: its own files, the compiler settings, the locked versions. */
function inputsOf(workspace) {
  const own =
    workspace === 'web' ? ['web', 'libs/contracts/src'] : [`${workspace}/src`, `${workspace}/package.json`];
  return [...own, '.swcrc', 'package-lock.json'];
}

function inputsHash(workspace) {
  const hash = createHash('sha256');
  const visit = (file) => {
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file).sort()) {
        if (!SKIPPED.has(entry)) visit(path.join(file, entry));
      }
    } else {
      hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  for (const input of inputsOf(workspace)) {
    const full = path.join(ROOT, input);
    if (existsSync(full)) visit(full);
  }
  return hash.digest('hex');
}

const stampOf = (workspace) => path.join(ROOT, workspace, 'dist', STAMP);

function upToDate(workspace, hash) {
  return existsSync(stampOf(workspace)) && readFileSync(stampOf(workspace), 'utf8') === hash;
}

function hasBuildScript(workspace) {
  return Boolean(JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')).scripts?.build);
}

async function buildOne(workspace) {
  const hash = inputsHash(workspace);
  if (upToDate(workspace, hash)) return false;
  // A build that fails half-way must not leave the last good build's stamp on its output.
  rmSync(stampOf(workspace), { force: true });
  await promisify(execFile)('npm', ['run', 'build', '--silent', '--workspace', workspace], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
    // What ships, whoever asks: under Jest (NODE_ENV=test) Vite would build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  mkdirSync(path.dirname(stampOf(workspace)), { recursive: true });
  writeFileSync(stampOf(workspace), hash);
  return true;
}

function takeLock(lock) {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}

/**
 * Runs `work` holding this checkout's lock on one workspace's build, so that a second build of the same workspace
 * waits for the first (and then finds it done) while other workspaces build side by side.
 */
async function holdingLock(workspace, work) {
  const name = createHash('sha256').update(path.join(ROOT, workspace)).digest('hex').slice(0, 12);
  const lock = path.join(tmpdir(), `tourly-build-${name}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (!takeLock(lock)) {
    if (Date.now() > deadline)
      throw new Error(`another build of ${workspace} holds ${lock}; remove it if none runs`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds the workspaces named (all by default) whose inputs changed; resolves with those it built. */
async function build(names = []) {
  const all = workspaces().filter(hasBuildScript);
  const unknown = names.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`No workspace with a build named ${unknown.join(', ')}.`);
  const wanted = names.length > 0 ? all.filter((workspace) => names.includes(workspace)) : all;
  const built = [];
  for (const workspace of wanted) {
    if (await holdingLock(workspace, () => buildOne(workspace))) built.push(workspace);
  }
  return built;
}

const startedAt = Date.now();
build(process.argv.slice(2)).then(
  (built) =>
    console.log(
      built.length > 0
        ? `built ${built.join(', ')} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`
        : 'build: every workspace is up to date',
    ),
  (error) => {
    console.error(error.stderr || error.stdout || error.message);
    process.exit(1);
  },
);
