import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, sql, type Queryable } from '@tourly/platform';
import type {
  IClearSignInAttemptsOfQuery,
  IClearSignInAttemptsQuery,
  ICountSignInAttemptQuery,
  IDeleteEndedSignInAttemptsQuery,
} from './sign-in-attempts.repository.types';

// The seconds left of the window: an expression PostgreSQL cannot prove non-null, of columns that are.
const countSignInAttempt = sql<ICountSignInAttemptQuery>`
  INSERT INTO sign_in_attempts AS a (email, address, attempts, window_started_at)
  VALUES ($email!, $address!, 1, now())
  ON CONFLICT ON CONSTRAINT sign_in_attempts_pk DO UPDATE SET
    attempts = CASE WHEN a.window_started_at > now() - $window!::interval THEN a.attempts + 1 ELSE 1 END,
    window_started_at = CASE WHEN a.window_started_at > now() - $window!::interval
                             THEN a.window_started_at ELSE now() END
  RETURNING attempts,
            ceil(extract(epoch FROM a.window_started_at + $window!::interval - now()))::int AS "retryAfter!"`;

const clearSignInAttempts = sql<IClearSignInAttemptsQuery>`
  DELETE FROM sign_in_attempts WHERE email = $email! AND address = $address!`;

const clearSignInAttemptsOf = sql<IClearSignInAttemptsOfQuery>`
  DELETE FROM sign_in_attempts WHERE email = (SELECT lower(email) FROM users WHERE id = $userId!)`;

const deleteEndedSignInAttempts = sql<IDeleteEndedSignInAttemptsQuery>`
  DELETE FROM sign_in_attempts WHERE window_started_at < now() - interval '15 minutes'`;

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
    const counted = await queryOne(this.db.dataSource, countSignInAttempt, { email, address, window });
    // An upsert always answers its row.
    return counted!;
  }

  async clear(email: string, address: string): Promise<void> {
    await queryAffected(this.db.dataSource, clearSignInAttempts, { email, address });
  }

  /** Clears every address's count for the user's email. */
  async clearAllOf(tx: Queryable, userId: string): Promise<void> {
    await queryAffected(tx, clearSignInAttemptsOf, { userId });
  }

  /** Deletes the windows that ended; how many. */
  deleteEnded(): Promise<number> {
    return queryAffected(this.db.dataSource, deleteEndedSignInAttempts, undefined);
  }
}
