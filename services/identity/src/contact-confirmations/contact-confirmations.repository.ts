import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';

/** A user's email with the newest live code sent to it (none: all null). */
export interface EmailContactRow {
  destination: string;
  confirmedAt: Date | null;
  codeExpiresAt: Date | null;
  attempts: number | null;
}

export interface LiveCodeRow {
  id: string;
  codeHash: Buffer;
  attempts: number;
}

/** The `contact_confirmation_codes` table (read with the contact it confirms: the user's email). */
@Injectable()
export class ContactConfirmationsRepository {
  constructor(private readonly db: Database) {}

  emailOf(userId: string): Promise<EmailContactRow[]> {
    return rows<EmailContactRow>(
      this.db.dataSource,
      `SELECT u.email AS destination, u.email_confirmed_at AS "confirmedAt",
              c.expires_at AS "codeExpiresAt", c.attempts
         FROM users u
         LEFT JOIN LATERAL (
           SELECT expires_at, attempts FROM contact_confirmation_codes
            WHERE user_id = u.id AND type = 'email' AND spent_at IS NULL AND expires_at > now()
              AND destination = lower(u.email)
            ORDER BY created_at DESC LIMIT 1) c ON true
        WHERE u.id = $1`,
      [userId],
    );
  }

  /** Codes sent to the user's contact in the last hour, and within the last `pauseSeconds`. */
  async recent(
    tx: Queryable,
    userId: string,
    type: string,
    pauseSeconds: number,
  ): Promise<{ lastHour: number; lastPause: number }> {
    const counted = await one<{ lastHour: number; lastPause: number }>(
      tx,
      `SELECT count(*)::int AS "lastHour",
              count(*) FILTER (WHERE created_at > now() - make_interval(secs => $3))::int AS "lastPause"
         FROM contact_confirmation_codes
        WHERE user_id = $1 AND type = $2 AND created_at > now() - interval '1 hour'`,
      [userId, type, pauseSeconds],
    );
    // An aggregate always answers its row.
    return counted!;
  }

  /** Spends every unspent code of the user's contact. */
  async spendAll(tx: Queryable, userId: string, type: string): Promise<void> {
    await affected(
      tx,
      `UPDATE contact_confirmation_codes SET spent_at = now()
        WHERE user_id = $1 AND type = $2 AND spent_at IS NULL`,
      [userId, type],
    );
  }

  async create(
    tx: Queryable,
    code: {
      id: string;
      userId: string;
      type: string;
      destination: string;
      codeHash: Buffer;
      minutes: number;
    },
  ): Promise<void> {
    await rows(
      tx,
      `INSERT INTO contact_confirmation_codes (id, user_id, type, destination, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
      [code.id, code.userId, code.type, code.destination, code.codeHash, code.minutes],
    );
  }

  async delete(id: string): Promise<void> {
    await affected(this.db.dataSource, 'DELETE FROM contact_confirmation_codes WHERE id = $1', [id]);
  }

  /** The newest code still good for the contact as it is now, with attempts left. */
  live(tx: Queryable, userId: string, type: string, maxAttempts: number): Promise<LiveCodeRow | undefined> {
    return one<LiveCodeRow>(
      tx,
      `SELECT c.id, c.code_hash AS "codeHash", c.attempts FROM contact_confirmation_codes c
         JOIN users u ON u.id = c.user_id AND c.destination = lower(u.email)
        WHERE c.user_id = $1 AND c.type = $2 AND c.spent_at IS NULL AND c.expires_at > now()
          AND c.attempts < $3
        ORDER BY c.created_at DESC LIMIT 1`,
      [userId, type, maxAttempts],
    );
  }

  /** Counts a wrong guess (`attempts`: the count now); the code is spent once it reaches `maxAttempts`. */
  async countWrongGuess(tx: Queryable, id: string, attempts: number, maxAttempts: number): Promise<void> {
    await affected(
      tx,
      `UPDATE contact_confirmation_codes SET attempts = $2::int,
              spent_at = CASE WHEN $2::int >= $3::int THEN now() END WHERE id = $1`,
      [id, attempts, maxAttempts],
    );
  }

  async spend(tx: Queryable, id: string): Promise<void> {
    await affected(tx, 'UPDATE contact_confirmation_codes SET spent_at = now() WHERE id = $1', [id]);
  }
}
