import type { Logger } from 'pino';
import type { PlatformConfig } from '../config/config';
import { InProcessBroker, InProcessTransport } from './in-process.transport';
import { NatsTransport } from './nats.transport';
import type { Transport } from './transport';

/**
 * NATS JetStream whenever NATS_URL is set; otherwise the broker shared by this process, which keeps events in
 * the PostgreSQL of DATABASE_URL (a process without one, the gateway, only asks and answers requests).
 */
export function createTransport(
  config: PlatformConfig & { DATABASE_URL?: string },
  service: string,
  logger: Logger,
): Transport {
  return config.NATS_URL
    ? new NatsTransport({
        url: config.NATS_URL,
        namespace: config.EVENTS_NAMESPACE,
        name: service,
        logger,
        replicas: config.EVENTS_STREAM_REPLICAS,
      })
    : new InProcessTransport(InProcessBroker.shared(config.EVENTS_NAMESPACE, logger), config.DATABASE_URL);
}
