import type { EventCatalogue, EventEnvelope, EventSubject } from '@tourly/contracts';
import type { EntityManager } from 'typeorm';
import { createEnvelope, encodeEnvelope } from './envelope';

/** The NOTIFY channel that wakes a schema's outbox relay the moment a transaction with events commits. */
export const outboxChannel = (schema: string): string => `${schema}_outbox`;

/**
 * The only way to publish: `events.publish(subject, payload, tx)` inside the transaction that changes the
 * state. The event is a row of that transaction, so it leaves if and only if the transaction commits.
 */
export class EventBus {
  constructor(private readonly schema: string) {}

  async publish<S extends EventSubject>(
    subject: S,
    payload: EventCatalogue[S],
    tx: EntityManager,
  ): Promise<EventEnvelope<S>> {
    if (!tx.queryRunner?.isTransactionActive) {
      throw new Error(`events.publish(${subject}) needs the EntityManager of an open transaction`);
    }
    const envelope = createEnvelope(subject, payload);
    // One round trip: the row, and the relay's wake-up (delivered on commit). A WITH's INSERT runs whoever reads it.
    await tx.query(
      `WITH queued AS (INSERT INTO outbox (id, subject, envelope) VALUES ($1, $2, $3)) SELECT pg_notify($4, '')`,
      [envelope.id, subject, JSON.stringify(encodeEnvelope(envelope)), outboxChannel(this.schema)],
    );
    return envelope;
  }
}
