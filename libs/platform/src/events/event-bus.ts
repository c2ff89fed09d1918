import type { EventCatalogue, EventEnvelope, EventSubject } from '@tourly/contracts';
import type { EntityManager } from 'typeorm';
import { createEnvelope, encodeEnvelope } from './envelope';

/** The NOTIFY channel that wakes a schema's outbox relay the moment a transaction with events commits. */
export const outboxChannel = (schema: string): string => `${schema}_outbox`;

/**
 * An event that a repository's statement writes itself, beside the change it announces: `INSERT INTO outbox (id,
 * subject, envelope)` with the envelope's `data` completed by the statement, and `pg_notify(channel, '')` to wake the
 * relay. `envelope` is the encoded envelope (JSON text, snake_case as it travels) of the payload's known fields.
 */
export interface StatementEvent {
  id: string;
  subject: EventSubject;
  envelope: string;
  channel: string;
}

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

  /**
   * For a change made by one statement outside any transaction, where a second statement would hold the change's row
   * lock across another round trip: the event for that statement to write (see StatementEvent), with the payload's
   * fields it alone knows (`Later`, e.g. a balance after its update) left for it to merge into `data` under their wire
   * names. The event still exists if and only if the change commits, since both are the same statement.
   */
  inStatement<S extends EventSubject, Later extends keyof EventCatalogue[S]>(
    subject: S,
    known: Omit<EventCatalogue[S], Later>,
  ): StatementEvent {
    const envelope = createEnvelope(subject, known as EventCatalogue[S]);
    return {
      id: envelope.id,
      subject,
      envelope: JSON.stringify(encodeEnvelope(envelope)),
      channel: outboxChannel(this.schema),
    };
  }
}
