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
    .filter((file) => /\bsql<\w+>`/.test(fs.readFileSync(path.join(src, file), 'utf8')))
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

/**
 * pgtyped over one service's repositories against the scratch database (search_path already set), into `out`: the
 * files it could not type, each with the query that does not prepare and PostgreSQL's reason.
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
      failOnError: true,
      // One thread: each error's details come right before the file and query they belong to.
      maxWorkerThreads: 1,
    }),
  );
  const cli = path.join(root, 'node_modules', '@pgtyped', 'cli', 'lib', 'index.js');
  const run = spawnSync(process.execPath, [cli, '-c', config, '--uri', databaseUrl], {
    cwd: root,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  const failed = new Map();
  let reason = 'see pgtyped';
  for (const line of output.split('\n')) {
    const message = /^\s*message: (['"`])(.*)\1,?$/.exec(line);
    if (message) reason = message[2];
    const failure = /^Error processing (\S+): (?:Query "(\w+)" is invalid)?(.*)$/.exec(line);
    if (failure) {
      const [, file, query, other] = failure;
      failed.set(file, query ? `query ${query} does not prepare on the ${dir} schema: ${reason}` : other);
      reason = 'see pgtyped';
    }
  }
  if (run.status !== 0 && failed.size === 0) throw new Error(`pgtyped failed on services/${dir}:\n${output}`);
  return failed;
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
          if (failed.has(file)) {
            problems.push(`${file}: ${failed.get(file)}`);
            failedFiles.add(typesFile);
            continue;
          }
          const written = path.join(out, typesFile);
          if (!fs.existsSync(written)) {
            problems.push(`${file}: pgtyped wrote no types for it`);
            continue;
          }
          const text = fs.readFileSync(written, 'utf8');
          for (const [, query, why] of text.matchAll(
            /Query '(\w+)' is invalid, so its result[^\n]*\n \* ([^\n]*)/g,
          )) {
            problems.push(
              `${file}: query ${query} does not prepare against the schema: ${why.replace(/ \*\/$/, '')}`,
            );
          }
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
