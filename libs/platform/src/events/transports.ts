import type { Logger } from 'pino';
import type { PlatformConfig } from '../config/config';
import { InProcessBroker, InProcessTransport } from './in-process.transport';
import { NatsTransport } from './nats.transport';
import type { Transport } from './transport';

/** NATS JetStream whenever NATS_URL is set; otherwise the in-process broker shared by this process. */
export function createTransport(config: PlatformConfig, service: string, logger: Logger): Transport {
  return config.NATS_URL
    ? new NatsTransport({
        url: config.NATS_URL,
        namespace: config.EVENTS_NAMESPACE,
        name: service,
        logger,
        replicas: config.EVENTS_STREAM_REPLICAS,
      })
    : new InProcessTransport(InProcessBroker.shared(config.EVENTS_NAMESPACE));
}
