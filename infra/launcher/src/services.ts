import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BACKEND_SERVICES, DEFAULT_PORTS, SERVICES, type ServiceName } from '@tourly/contracts';

/**
 * `npm run start:services`: one process per service, the shape that scales out, against the PostgreSQL,
 * NATS and S3 named by DATABASE_URL, NATS_URL and S3_ENDPOINT. Output lines are prefixed with the service.
 */
const REQUIRED = ['DATABASE_URL', 'NATS_URL'] as const;
const root = path.resolve(__dirname, '../../..');

function main(): void {
  const missing = REQUIRED.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.error(
      `start:services needs ${missing.join(' and ')} (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/tourly ` +
        'NATS_URL=nats://127.0.0.1:4222). For everything in one process with embedded defaults, use npm start.',
    );
    process.exit(1);
  }
  const shared = {
    ...process.env,
    INTERNAL_TOKEN_SECRET: process.env.INTERNAL_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
  };
  const upstreams = Object.fromEntries(
    BACKEND_SERVICES.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${DEFAULT_PORTS[name]}`]),
  );
  const children = SERVICES.map((name) =>
    run(name, { ...shared, ...(name === 'gateway' ? upstreams : {}), PORT: String(DEFAULT_PORTS[name]) }),
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // The gateway first, and the services once it has gone, so nothing new arrives while they drain. One
    // signal each: a second one tells a process to exit at once.
    const gateway = children[SERVICES.indexOf('gateway')]!;
    const services = children.filter((child) => child !== gateway);
    const stopServices = () => services.forEach((child) => child.kill(signal));
    if (gateway.exitCode !== null || gateway.signalCode !== null) stopServices();
    else {
      gateway.once('exit', stopServices);
      gateway.kill(signal);
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  for (const child of children) {
    child.once('exit', (code) => {
      if (!stopping) {
        console.error(`a service exited (code ${code}); stopping the others`);
        stop('SIGTERM');
        process.exitCode = 1;
      }
    });
  }
}

function run(name: ServiceName, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  return child;
}

main();
