import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BACKEND_SERVICES, DEFAULT_PORTS, SERVICES, type ServiceName } from '@tourly/contracts';
import type { Logger } from '@tourly/platform';
import { Child } from './child';
import type { Env } from './platform';

const ROOT = path.resolve(__dirname, '../../..');
const NATS_SERVER = '/usr/sbin/nats-server';
const HAPROXY = '/usr/sbin/haproxy';
const NATS_NODES = 3;
const READY_TIMEOUT_MS = 120_000;

/**
 * Where everything of a cluster listens, from one base port (3000: the platform's address). The balancer takes
 * the services' own ports (base + DEFAULT_PORTS' offset: the gateway on the base, identity on base + 1, ...), so
 * the gateways reach each service through it as they would through a Kubernetes Service; replica r (1, 2, ...)
 * of a service listens r hundred above. The NATS nodes take 4301-4303 (clients), 6301-6303 (routes) and
 * 8301-8303 (monitoring) for the base 3000, shifted with it.
 */
export class ClusterPorts {
  constructor(readonly base = DEFAULT_PORTS.gateway) {}

  /** The balancer's front for a service. */
  front(service: ServiceName): number {
    return this.base + DEFAULT_PORTS[service] - DEFAULT_PORTS.gateway;
  }

  replica(service: ServiceName, replica: number): number {
    return this.front(service) + 100 * replica;
  }

  natsClient(node: number): number {
    return this.base + 1300 + node;
  }

  natsRoute(node: number): number {
    return this.base + 3300 + node;
  }

  natsMonitor(node: number): number {
    return this.base + 5300 + node;
  }
}

export interface ClusterOptions {
  /** Where the NATS nodes keep their streams and the balancer its configuration. */
  dataDir: string;
  logger: Logger;
  /** Copies of every service and of the gateway. */
  replicas?: number;
  ports?: ClusterPorts;
  /** Where the processes' output lines go (prefixed with their names); stdout by default. */
  output?: (line: string) => void;
}

export interface RunningCluster {
  /** The balancer in front of the gateways: the platform's address. */
  url: string;
  /** The NATS_URL the services use: every node, so a client starts on any node that is up. */
  natsUrl: string;
  natsNodes: Child[];
  /** Every replica of every service, the gateway's included; each restarted when it dies unasked. */
  replicas: Record<ServiceName, Child[]>;
  balancer: Child;
  ports: ClusterPorts;
  /** The balancer first (no new requests), then the gateways, the services, the NATS nodes. */
  close(): Promise<void>;
}

/**
 * The platform as it runs on several machines, on this one's loopback: a three-node NATS JetStream cluster (its
 * own routes, the event stream in three copies), `replicas` processes of every service and of the gateway, and
 * HAProxy in front of the gateways and of each service. Stands on the PostgreSQL, S3 and vendors `env` names
 * (`startBackingServices` provides them for `npm run start:cluster`).
 */
export async function startCluster(env: Env, options: ClusterOptions): Promise<RunningCluster> {
  for (const [program, pkg] of [
    [NATS_SERVER, 'nats-server'],
    [HAPROXY, 'haproxy'],
  ] as const) {
    if (!existsSync(program)) throw new Error(`the cluster needs ${program}: apt-get install ${pkg}`);
  }
  const ports = options.ports ?? new ClusterPorts();
  const replicas = options.replicas ?? 2;
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const output = options.output;
  const started: Child[] = [];
  const run = (child: Child) => {
    started.push(child);
    child.start();
    return child;
  };

  try {
    const natsNodes = Array.from({ length: NATS_NODES }, (_, index) =>
      run(natsNode(index + 1, ports, dataDir, output)),
    );
    await Promise.all(
      natsNodes.map((_, index) =>
        untilOk(`http://127.0.0.1:${ports.natsMonitor(index + 1)}/healthz`, `NATS node ${index + 1}`),
      ),
    );
    const natsUrl = natsNodes.map((_, index) => `nats://127.0.0.1:${ports.natsClient(index + 1)}`).join(',');
    options.logger.info(`NATS JetStream cluster of ${NATS_NODES} nodes: ${natsUrl}`);

    const shared: Env = { ...env, NATS_URL: natsUrl, EVENTS_STREAM_REPLICAS: String(NATS_NODES) };
    const upstreams = Object.fromEntries(
      BACKEND_SERVICES.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${ports.front(name)}`]),
    );
    const serviceReplicas = (name: ServiceName) =>
      Array.from({ length: replicas }, (_, index) =>
        run(
          new Child(
            `${name}-${index + 1}`,
            process.execPath,
            [path.join(ROOT, 'services', name, 'dist', 'main.js')],
            {
              ...shared,
              ...(name === 'gateway' ? upstreams : {}),
              PORT: String(ports.replica(name, index + 1)),
            },
            { restart: true, output },
          ),
        ),
      );
    // The services first: their migrations take turns on PostgreSQL's advisory lock, the first of each makes the
    // stream's consumers; the gateways once they are ready.
    const byService = Object.fromEntries(BACKEND_SERVICES.map((name) => [name, serviceReplicas(name)]));
    await Promise.all(
      BACKEND_SERVICES.flatMap((name) =>
        byService[name]!.map((_, index) =>
          untilOk(`http://127.0.0.1:${ports.replica(name, index + 1)}/readyz`, `${name}-${index + 1}`),
        ),
      ),
    );
    const gateways = serviceReplicas('gateway');
    const configFile = path.join(dataDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(ports, replicas));
    const balancer = run(
      new Child('haproxy', HAPROXY, ['-f', configFile, '-db'], {}, { restart: true, output }),
    );
    await Promise.all(
      gateways.map((_, index) =>
        untilOk(`http://127.0.0.1:${ports.replica('gateway', index + 1)}/readyz`, `gateway-${index + 1}`),
      ),
    );
    const url = `http://127.0.0.1:${ports.front('gateway')}`;
    await untilOk(`${url}/readyz`, 'the balancer');
    const replicasOf = Object.fromEntries(
      SERVICES.map((name) => [name, name === 'gateway' ? gateways : byService[name]!]),
    ) as Record<ServiceName, Child[]>;
    return {
      url,
      natsUrl,
      natsNodes,
      replicas: replicasOf,
      balancer,
      ports,
      close: async () => {
        await balancer.stop();
        await Promise.all(gateways.map((child) => child.stop()));
        await Promise.all(BACKEND_SERVICES.flatMap((name) => byService[name]!.map((child) => child.stop())));
        await Promise.all(natsNodes.map((child) => child.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((child) => child.stop()));
    throw error;
  }
}

/** Node `node` (1-based) of the NATS cluster: JetStream on, routes to the other nodes, a monitoring port. */
function natsNode(
  node: number,
  ports: ClusterPorts,
  dataDir: string,
  output?: (line: string) => void,
): Child {
  const routes = Array.from({ length: NATS_NODES }, (_, index) => index + 1)
    .filter((other) => other !== node)
    .map((other) => `nats://127.0.0.1:${ports.natsRoute(other)}`)
    .join(',');
  const storeDir = path.join(dataDir, `nats-${node}`);
  mkdirSync(storeDir, { recursive: true });
  return new Child(
    `nats-${node}`,
    NATS_SERVER,
    [
      '--name',
      `nats-${node}`,
      '-a',
      '127.0.0.1',
      '-p',
      String(ports.natsClient(node)),
      '-m',
      String(ports.natsMonitor(node)),
      '-js',
      '-sd',
      storeDir,
      '--cluster_name',
      'tourly',
      '--cluster',
      `nats://127.0.0.1:${ports.natsRoute(node)}`,
      '--routes',
      routes,
    ],
    {},
    { restart: true, output },
  );
}

/**
 * HAProxy in front of the gateways and of each service: round robin over the replicas that answer `/readyz` (checked
 * every second, out after two misses), a connection refused tried again on another replica (the request never
 * reached the dead one, so it is safe for any method); the client's address passed on in X-Forwarded-For, which
 * the gateways trust from 127.0.0.1 (TRUSTED_PROXIES). Each connection to a replica serves one request
 * (`http-server-close`; a new loopback connection is cheap): when a replica died under a request sent on a kept-alive
 * connection, HAProxy closed the client's connection without an answer, for it to try again (the chaos suite saw 2-4
 * such requests a round, POSTs among them, which a client must not simply repeat); on a connection of its own, the
 * client gets a 502 instead.
 */
export function haproxyConfig(ports: ClusterPorts, replicas: number): string {
  const section = (service: ServiceName) => {
    const servers = Array.from(
      { length: replicas },
      (_, index) => `  server ${service}-${index + 1} 127.0.0.1:${ports.replica(service, index + 1)}`,
    );
    return [
      `frontend ${service}`,
      `  bind 127.0.0.1:${ports.front(service)}`,
      `  default_backend ${service}-replicas`,
      '',
      `backend ${service}-replicas`,
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      ...(service === 'gateway' ? ['  option forwardfor'] : []),
      ...servers,
      '',
    ].join('\n');
  };
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 5m',
    '  timeout server 5m',
    '  timeout http-request 30s',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure',
    '  option http-server-close',
    '  default-server check inter 1s fall 2 rise 1',
    '',
    ...SERVICES.map(section),
  ].join('\n');
}

async function untilOk(url: string, what: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${what} was not ready after ${READY_TIMEOUT_MS / 1000} s (${url})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
