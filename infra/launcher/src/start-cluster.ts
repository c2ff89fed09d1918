import path from 'node:path';
import { DEFAULT_PORTS, PRODUCT } from '@tourly/contracts';
import { closeOnSignals, createLogger } from '@tourly/platform';
import { startBackingServices } from './backing';
import { stopChildren } from './child';
import { ClusterPorts, startCluster } from './cluster';
import { seedDemoOnCluster } from './demo';
import type { Env } from './platform';

/**
 * `npm run start:cluster`: the platform as it runs past one machine, on this one (`startCluster`): three NATS nodes,
 * two processes of every service and of the gateway, HAProxy in front, http://localhost:3000. PostgreSQL, S3 and
 * the vendors as `npm start` has them (the environment's, else embedded, in .data/cluster), with the demo data.
 */
async function main(): Promise<void> {
  const env: Env = { LOG_LEVEL: 'info', ...process.env };
  const logger = createLogger('launcher', env.LOG_LEVEL ?? 'info');
  const dataDir = path.resolve(env.TOURLY_DATA_DIR ?? '.data', 'cluster');
  const replicas = Number(env.CLUSTER_REPLICAS ?? 2);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 9)
    throw new Error(`CLUSTER_REPLICAS must be a whole number from 1 to 9 (got '${env.CLUSTER_REPLICAS}')`);
  const ports = new ClusterPorts(Number(env.PORT ?? DEFAULT_PORTS.gateway));
  const closers = await startBackingServices(env, { dataDir, gatewayPort: String(ports.base), logger });
  // Signals stop whatever has started by then, the cluster's processes too while it starts.
  closers.unshift(stopChildren);
  closeOnSignals(closers, logger);
  const cluster = await startCluster(env, {
    dataDir,
    logger,
    ports,
    replicas,
  });
  closers.unshift(cluster.close);
  await seedDemoOnCluster(cluster, env, logger);
  logger.info(`${PRODUCT} is running at http://localhost:${ports.base} (a cluster: ${cluster.url})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
