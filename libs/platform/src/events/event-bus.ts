import type { EventCatalogue, EventEnvelope, EventSubject } from '@tourly/contracts';
import type { EntityManager } from 'typeorm';
import type { QueryTypes, Statement } from '../database/queries';
import { resultOf, type Queryable } from '../database/rows';
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
 * state, or `events.publishIfWritten(db, write, subject, payload)` in the statement that does. The event is a row
 * of that transaction or statement, so it leaves if and only if the change commits.
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
      this.outboxValues(envelope),
    );
    return envelope;
  }

  /**
   * Runs a repository's write (a data-modifying query with RETURNING, such as `INSERT ... ON CONFLICT DO NOTHING
   * RETURNING id`) and, in the same statement, publishes the event when the write returned a row: a redelivery that
   * stores nothing queues nothing. One statement is atomic without a transaction, so this is one round trip on the
   * DataSource (or a part of a caller's transaction). The write's rows, and the envelope when it was published.
   */
  async publishIfWritten<S extends EventSubject, Q extends QueryTypes>(
    db: Queryable,
    write: Statement<Q>,
    subject: S,
    payload: EventCatalogue[S],
  ): Promise<{ rows: Array<Q['result']>; published?: EventEnvelope<S> }> {
    const envelope = createEnvelope(subject, payload);
    const rows = await write.query.run(write.params, {
      query: async (text: string, bindings: unknown[]) => {
        const [id, outboxSubject, encoded, channel] = [1, 2, 3, 4].map((n) => `$${bindings.length + n}`);
        // A WITH's INSERT runs to the end whoever reads it, its RETURNING (the wake-up) once per row it queued.
        const result = resultOf(
          await db.query(
            `WITH written AS (${text}),
                  queued AS (INSERT INTO outbox (id, subject, envelope) SELECT ${id}, ${outboxSubject}, ${encoded}
                              WHERE EXISTS (SELECT FROM written) RETURNING pg_notify(${channel}, ''))
             SELECT * FROM written`,
            [...bindings, ...this.outboxValues(envelope)],
          ),
        );
        return { rows: result.rows, rowCount: result.affected };
      },
    });
    return rows.length > 0 ? { rows, published: envelope } : { rows };
  }

  /**
   * For a statement that computes part of its own event (a write wrapped by publishIfWritten cannot be a WITH of
   * writes itself, and its event is known before it runs): the event for that statement to write (see
   * StatementEvent), with the payload's fields it alone knows (`Later`, e.g. a balance after its update) left for it
   * to merge into `data` under their wire names. The event still exists if and only if the change commits, since
   * both are the same statement.
   */
  inStatement<S extends EventSubject, Later extends keyof EventCatalogue[S]>(
    subject: S,
    known: Omit<EventCatalogue[S], Later>,
  ): StatementEvent {
    const [id, , envelope, channel] = this.outboxValues(createEnvelope(subject, known as EventCatalogue[S]));
    return { id, subject, envelope, channel };
  }

  /** An outbox row's values (id, subject, envelope) and the channel that wakes its relay. */
  private outboxValues(envelope: EventEnvelope): [string, string, string, string] {
    return [envelope.id, envelope.type, JSON.stringify(encodeEnvelope(envelope)), outboxChannel(this.schema)];
  }
}
