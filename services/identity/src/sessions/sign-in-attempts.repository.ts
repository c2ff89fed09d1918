import { Injectable } from '@nestjs/common';
import { Database, affected, one, type Queryable } from '@tourly/platform';

/** The `sign_in_attempts` table: attempts per email and client address in the current window. */
@Injectable()
export class SignInAttemptsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Counts one attempt in one atomic upsert, starting a new window in place when the last one ended: the
   * attempts in the window so far, and the seconds left of it.
   */
  async count(
    email: string,
    address: string,
    window: string,
  ): Promise<{ attempts: number; retryAfter: number }> {
    const counted = await one<{ attempts: number; retryAfter: number }>(
      this.db.dataSource,
      `INSERT INTO sign_in_attempts AS a (email, address, attempts, window_started_at) VALUES ($1, $2, 1, now())
       ON CONFLICT ON CONSTRAINT sign_in_attempts_pk DO UPDATE SET
         attempts = CASE WHEN a.window_started_at > now() - $3::interval THEN a.attempts + 1 ELSE 1 END,
         window_started_at = CASE WHEN a.window_started_at > now() - $3::interval
                                  THEN a.window_started_at ELSE now() END
       RETURNING attempts,
                 ceil(extract(epoch FROM a.window_started_at + $3::interval - now()))::int AS "retryAfter"`,
      [email, address, window],
    );
    // An upsert always answers its row.
    return counted!;
  }

  async clear(email: string, address: string): Promise<void> {
    await affected(this.db.dataSource, 'DELETE FROM sign_in_attempts WHERE email = $1 AND address = $2', [
      email,
      address,
    ]);
  }

  /** Clears every address's count for the user's email. */
  async clearAllOf(tx: Queryable, userId: string): Promise<void> {
    await affected(
      tx,
      'DELETE FROM sign_in_attempts WHERE email = (SELECT lower(email) FROM users WHERE id = $1)',
      [userId],
    );
  }

  /** Deletes the windows that ended; how many. */
  deleteEnded(): Promise<number> {
    return affected(
      this.db.dataSource,
      "DELETE FROM sign_in_attempts WHERE window_started_at < now() - interval '15 minutes'",
    );
  }
}
