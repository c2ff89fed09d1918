import { randomUUID } from 'node:crypto';
import type { EventCatalogue, EventEnvelope, EventSubject } from '@tourly/contracts';
import { toCamelKeys, toSnakeKeys } from '../http/case';
import { currentTraceContext } from '../tracing/tracing';

let lastMillis = 0;
let sequence = 0;

/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter that keeps ids from one
 * process increasing within the same millisecond, then random bits. The random bits are a version 4 UUID's:
 * `randomUUID` draws them from a pool it refills in bulk, where `randomBytes` asks OpenSSL on every call (two
 * calls an id took a few percent of the processor in a Stripe intake profile).
 */
export function uuidv7(now = Date.now()): string {
  // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: V holds the variant bits; every x is random.
  const random = randomUUID();
  if (now <= lastMillis) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMillis += 1;
    now = lastMillis;
  } else {
    lastMillis = now;
    sequence = parseInt(random.slice(15, 18), 16) & 0x7ff;
  }
  const millis = now.toString(16).padStart(12, '0');
  return `${millis.slice(0, 8)}-${millis.slice(8)}-${(0x7000 | sequence).toString(16)}-${random.slice(19)}`;
}

export function createEnvelope<S extends EventSubject>(
  subject: S,
  data: EventCatalogue[S],
): EventEnvelope<S> {
  const providerId = (data as { providerId?: unknown }).providerId;
  const envelope: EventEnvelope<S> = {
    id: uuidv7(),
    type: subject,
    occurredAt: new Date().toISOString(),
    providerId: typeof providerId === 'string' ? providerId : null,
    data,
  };
  // Written with the outbox row, in the request's transaction: the relay publishes it later, outside the request.
  const trace = currentTraceContext();
  if (trace) envelope.trace = trace;
  return envelope;
}

/** The envelope as it travels: snake_case JSON, like the HTTP API. */
export const encodeEnvelope = (envelope: EventEnvelope): Record<string, unknown> => toSnakeKeys(envelope);

export function decodeEnvelope(bytes: Uint8Array): EventEnvelope {
  const envelope = toCamelKeys<EventEnvelope>(JSON.parse(Buffer.from(bytes).toString('utf8')));
  if (typeof envelope?.id !== 'string' || typeof envelope.type !== 'string') {
    throw new Error('not an event envelope (id and type are required)');
  }
  return envelope;
}
