import { randomBytes } from 'node:crypto';
import type { EventCatalogue, EventEnvelope, EventSubject } from '@tourly/contracts';
import { toCamelKeys, toSnakeKeys } from '../http/case';

let lastMillis = 0;
let sequence = 0;

/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter that keeps ids from one
 * process increasing within the same millisecond, then random bits.
 */
export function uuidv7(now = Date.now()): string {
  if (now <= lastMillis) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMillis += 1;
    now = lastMillis;
  } else {
    lastMillis = now;
    sequence = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createEnvelope<S extends EventSubject>(
  subject: S,
  data: EventCatalogue[S],
): EventEnvelope<S> {
  const providerId = (data as { providerId?: unknown }).providerId;
  return {
    id: uuidv7(),
    type: subject,
    occurredAt: new Date().toISOString(),
    providerId: typeof providerId === 'string' ? providerId : null,
    data,
  };
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
