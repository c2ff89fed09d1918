// Generates the parameter and row types of every `sql`-tagged query in the services' repositories from the schema
// their migrations build (pgtyped), beside each repository as `x.repository.types.ts` (committed).
//
//   node infra/tools/sql-types.js          regenerates (npm run sql:types)
//   node infra/tools/sql-types.js --check  fails, naming the file, when the committed types differ (npm run typecheck)
//
// How: a scratch database on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), every service's
// migrations run into it as the services run them (libs/platform's openDatabase: the platform's tables, then the
// service's, in the schema named after it), pgtyped prepares each query with that service's schema as the search
// path, the output goes through prettier, then the scratch database is dropped.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Module = require('node:module');
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');

const root = path.join(__dirname, '..', '..');
const check = process.argv.includes('--check');
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

// The services' sources are TypeScript: compile them with SWC as the tests do, and resolve @tourly/* to sources.
function loadTypeScript() {
  const swc = require('@swc/core');
  const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
  require.extensions['.ts'] = (module, filename) => {
    const source = fs.readFileSync(filename, 'utf8');
    const { code } = swc.transformSync(source, { ...swcrc, filename, sourceMaps: false, swcrc: false });
    module._compile(code, filename);
  };
  const aliases = {
    '@tourly/contracts': 'libs/contracts/src',
    '@tourly/platform': 'libs/platform/src',
    '@tourly/platform/storage': 'libs/platform/src/storage',
    '@tourly/platform/testing': 'libs/platform/src/testing',
    '@tourly/emulators': 'infra/emulators/src',
  };
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    const service = /^@tourly\/([a-z]+)$/.exec(request)?.[1];
    const target = aliases[request] ?? (service && `services/${service}/src`);
    return resolve.call(this, target ? path.join(root, target) : request, ...rest);
  };
}

/** The services that own a schema: their definitions (name, migrations, unaudited) from `src/index.ts`. */
function servicesWithSchemas() {
  return fs
    .readdirSync(path.join(root, 'services'))
    .filter((dir) => fs.existsSync(path.join(root, 'services', dir, 'src', 'index.ts')))
    .map((dir) => {
      const exported = require(path.join(root, 'services', dir, 'src', 'index.ts'));
      const definition = Object.values(exported).find(
        (value) => value && value.name === dir && 'module' in value,
      );
      if (!definition)
        throw new Error(`services/${dir}/src/index.ts exports no service definition named ${dir}`);
      return { dir, definition };
    })
    .filter(({ definition }) => definition.migrations !== undefined);
}

/** The repositories holding `sql`-tagged queries, relative to the root. */
function queryFiles(dir) {
  const src = path.join(root, 'services', dir, 'src');
  return fs
    .readdirSync(src, { recursive: true })
    .filter((file) => file.endsWith('.repository.ts'))
    .filter((file) => /\bsql</.test(fs.readFileSync(path.join(src, file), 'utf8')))
    .map((file) => path.join('services', dir, 'src', file))
    .sort();
}

/** The committed generated files, relative to the root. */
function committedTypeFiles(dir) {
  const src = path.join(root, 'services', dir, 'src');
  return fs
    .readdirSync(src, { recursive: true })
    .filter((file) => file.endsWith('.repository.types.ts'))
    .map((file) => path.join('services', dir, 'src', file))
    .sort();
}

const typesFileOf = (file) => file.replace(/\.ts$/, '.types.ts');

/** The queries pgtyped found invalid in a generated file, in order: their names and its own explanation, if any. */
const invalidQueries = (text) =>
  [...text.matchAll(/Query '(\w+)' is invalid, so its result[^\n]*\n \* ([^\n]*?) ?\*\//g)].map(
    ([, query, explanation]) => ({ query, explanation }),
  );

/**
 * pgtyped over one service's repositories against the scratch database (search_path already set), into `out`. A
 * query that does not prepare gets `never` types (so tsc points at its callers); what is wrong, file by file: each
 * such query with PostgreSQL's reason, or pgtyped's error on the file.
 */
function pgtyped(databaseUrl, dir, out) {
  const config = path.join(out, `pgtyped-${dir}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      transforms: [
        { mode: 'ts', include: '**/*.repository.ts', emitTemplate: `${out}/{{dir}}/{{name}}.types.ts` },
      ],
      srcDir: path.join('services', dir, 'src'),
      // One thread: files are typed in the order they are announced, their queries in source order, so each
      // PostgreSQL error pgtyped prints belongs to the next invalid query.
      maxWorkerThreads: 1,
    }),
  );
  const cli = path.join(root, 'node_modules', '@pgtyped', 'cli', 'lib', 'index.js');
  const run = spawnSync(process.execPath, [cli, '-c', config, '--uri', databaseUrl], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`pgtyped failed on services/${dir}:\n${run.stdout}${run.stderr}`);
  const reasons = [...run.stderr.matchAll(/^\s*message: (['"`])(.*)\1,?$/gm)].map((match) => match[2]);
  const problems = new Map();
  const add = (file, problem) => problems.set(file, [...(problems.get(file) ?? []), problem]);
  for (const [, file] of run.stdout.matchAll(/^Processing (\S+)$/gm)) {
    const written = path.join(out, typesFileOf(file));
    if (!fs.existsSync(written)) continue;
    for (const { query, explanation } of invalidQueries(fs.readFileSync(written, 'utf8'))) {
      const reason = explanation || reasons.shift() || 'see pgtyped';
      add(file, `query ${query} does not prepare on the ${dir} schema: ${reason}`);
    }
  }
  for (const [, file, error] of run.stdout.concat(run.stderr).matchAll(/^Error processing (\S+): (.*)$/gm)) {
    add(file, error);
  }
  return problems;
}

async function main() {
  loadTypeScript();
  const { Client } = require('pg');
  const pino = require('pino');
  const prettier = require('prettier');
  const { openDatabase, PLATFORM_MIGRATIONS } = require(path.join(root, 'libs/platform/src'));

  const services = servicesWithSchemas();
  const scratch = `tourly_sql_types_${randomBytes(4).toString('hex')}`;
  const server = new Client({ connectionString: serverUrl });
  await server.connect().catch((error) => {
    const where = new URL(serverUrl);
    where.password = '';
    throw new Error(
      `sql-types needs PostgreSQL to type the queries: ${where} (DATABASE_URL) answers ${error.message}`,
    );
  });
  await server.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(serverUrl);
  url.pathname = `/${scratch}`;
  const scratchUrl = url.toString();
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-types-'));
  const problems = [];
  const generated = new Map();
  const failedFiles = new Set();
  // Files whose queries were reported as not preparing: in check mode, no need to say they also differ.
  const reported = new Set();
  try {
    const logger = pino({ level: 'silent' });
    for (const { dir, definition } of services) {
      const dataSource = await openDatabase(
        {
          url: scratchUrl,
          schema: dir,
          migrations: [...PLATFORM_MIGRATIONS, ...definition.migrations],
          unaudited: definition.unaudited,
          logger,
        },
        [],
      );
      await dataSource.destroy();
    }
    const db = new Client({ connectionString: scratchUrl });
    await db.connect();
    try {
      for (const { dir } of services) {
        const files = queryFiles(dir);
        if (files.length === 0) continue;
        // pgtyped connects without options: the database's default search path stands in for the service's own.
        await db.query(`ALTER DATABASE ${scratch} SET search_path TO "${dir}"`);
        const failed = pgtyped(scratchUrl, dir, out);
        for (const file of files) {
          const typesFile = typesFileOf(file);
          for (const problem of failed.get(file) ?? []) problems.push(`${file}: ${problem}`);
          if (failed.has(file)) reported.add(typesFile);
          const written = path.join(out, typesFile);
          if (!fs.existsSync(written)) {
            if (!failed.has(file)) problems.push(`${file}: pgtyped wrote no types for it`);
            failedFiles.add(typesFile);
            continue;
          }
          const text = fs.readFileSync(written, 'utf8');
          const options = (await prettier.resolveConfig(path.join(root, typesFile))) ?? {};
          generated.set(
            typesFile,
            await prettier.format(text, { ...options, filepath: path.join(root, typesFile) }),
          );
        }
      }
    } finally {
      await db.end();
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
    await server.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await server.end();
  }

  const committed = services.flatMap(({ dir }) => committedTypeFiles(dir));
  const stale = committed.filter((file) => !generated.has(file) && !failedFiles.has(file));
  if (check) {
    for (const [file, text] of generated) {
      if (reported.has(file)) continue;
      const current = fs.existsSync(path.join(root, file))
        ? fs.readFileSync(path.join(root, file), 'utf8')
        : null;
      if (current === null) problems.push(`${file}: missing (run npm run sql:types)`);
      else if (current !== text)
        problems.push(`${file}: differs from what the schema gives (run npm run sql:types)`);
    }
    for (const file of stale)
      problems.push(`${file}: no query generates it any more (run npm run sql:types)`);
  } else {
    for (const [file, text] of generated) fs.writeFileSync(path.join(root, file), text);
    for (const file of stale) fs.rmSync(path.join(root, file));
  }
  if (problems.length > 0) {
    console.error(`sql-types: the queries' types do not match the migrated schema\n${problems.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(`sql-types: ${generated.size} file(s) ${check ? 'match the migrated schema' : 'written'}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error && error.message.startsWith('sql-types') ? error.message : error);
  process.exitCode = 1;
});
