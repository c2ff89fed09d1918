import { randomBytes } from 'node:crypto';
import { BACKEND_SERVICES, type BackendService } from '@tourly/contracts';
import { billing } from '@tourly/billing';
import { identity } from '@tourly/identity';
import { orders } from '@tourly/orders';
import { properties } from '@tourly/properties';
import {
  DeadLetters,
  DeadLettersQuery,
  startService,
  toSnakeKeys,
  type ServiceDefinition,
} from '@tourly/platform';

/**
 * `node infra/launcher/dist/replay-dead-letters.js <service> [--all | <id>...]`: lists a service's parked
 * events, or replays the listed ones (or all), the same way as `POST /admin/events/<service>/dead_letters/replay`.
 * It boots the service for a moment, with the service's own environment (DATABASE_URL, NATS_URL and the rest),
 * as one more replica, so a replay runs the service's own handler behind its inbox; then it stops.
 */
const DEFINITIONS: Record<BackendService, ServiceDefinition<never>> = {
  identity: identity as unknown as ServiceDefinition<never>,
  billing: billing as unknown as ServiceDefinition<never>,
  properties: properties as unknown as ServiceDefinition<never>,
  orders: orders as unknown as ServiceDefinition<never>,
};

const USAGE = `usage: replay-dead-letters <${BACKEND_SERVICES.join('|')}> [--all | <id>...]
  no ids: lists the parked events; --all: replays every parked event; ids: replays those dead letters.
  Run it with the service's environment (DATABASE_URL, NATS_URL and the service's own variables).`;

async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (!name || !(BACKEND_SERVICES as readonly string[]).includes(name)) {
    console.error(USAGE);
    return 2;
  }
  const all = rest.includes('--all');
  const ids = rest.filter((arg) => arg !== '--all').map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1) || (all && ids.length > 0)) {
    console.error(USAGE);
    return 2;
  }
  for (const variable of ['DATABASE_URL', 'NATS_URL']) {
    if (!process.env[variable]) {
      console.error(
        `${variable} is required. (Without NATS_URL the events live inside the all-in-one process: use its ` +
          `admin route, POST /admin/events/${name}/dead_letters/replay.)`,
      );
      return 2;
    }
  }
  const service = await startService(DEFINITIONS[name as BackendService], {
    ...process.env,
    INTERNAL_TOKEN_SECRET: process.env.INTERNAL_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  try {
    const deadLetters = service.app.get(DeadLetters);
    if (!all && ids.length === 0) {
      for (let page = 1; ; page++) {
        const listed = await deadLetters.list(Object.assign(new DeadLettersQuery(), { page, pageSize: 100 }));
        for (const letter of listed.items) console.log(JSON.stringify(toSnakeKeys(letter)));
        if (page >= listed.totalPages) {
          console.error(`${listed.totalCount} parked event(s) in ${name}`);
          return 0;
        }
      }
    }
    let failed = 0;
    let stillParked = 0;
    // --all goes through every parked event once, the oldest first, a page at a time.
    for (let afterId = 0; ;) {
      const outcome = await deadLetters.replay(all ? { all: true, afterId } : { ids });
      for (const result of outcome.results) console.log(JSON.stringify(toSnakeKeys(result)));
      failed += outcome.results.filter((result) => result.outcome === 'failed').length;
      stillParked = outcome.stillParked;
      if (!all || outcome.results.length === 0) break;
      afterId = Math.max(...outcome.results.map((result) => result.id));
    }
    console.error(`${failed} replay(s) failed; ${stillParked} event(s) still parked in ${name}`);
    return failed > 0 ? 1 : 0;
  } finally {
    await service.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
