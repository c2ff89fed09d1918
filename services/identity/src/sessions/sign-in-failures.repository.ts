import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, sql, type Queryable } from '@tourly/platform';
import type {
  IClaimSignInQuery,
  IClearSignInFailuresOfQuery,
  IClearSignInFailuresQuery,
  IDeleteForgottenSignInFailuresQuery,
} from './sign-in-failures.repository.types';

// `waits`: the seconds an account with that many failures (the index) waits after its last one, the last entry for
// any more. Both answers are expressions PostgreSQL cannot prove non-null: EXISTS, and a coalesce ending in 0.
const claimSignIn = sql<IClaimSignInQuery>`
  WITH claimed AS (
    INSERT INTO sign_in_account_failures AS f (email, failures, last_failed_at)
    VALUES ($email!, 1, clock_timestamp())
    ON CONFLICT ON CONSTRAINT sign_in_account_failures_pk DO UPDATE SET
      failures = CASE WHEN f.last_failed_at <= clock_timestamp() - $keptFor!::interval THEN 1
                      ELSE f.failures + 1 END,
      last_failed_at = clock_timestamp()
    WHERE f.last_failed_at <= clock_timestamp() - $keptFor!::interval
       OR f.last_failed_at
          + make_interval(secs => ($waits!::int[])[least(f.failures, cardinality($waits!::int[]) - 1) + 1])
          <= clock_timestamp()
    RETURNING failures
  )
  SELECT EXISTS (SELECT 1 FROM claimed) AS "claimed!",
         coalesce((SELECT ceil(extract(epoch FROM f.last_failed_at - clock_timestamp()
                    + make_interval(secs => ($waits!::int[])[least(f.failures, cardinality($waits!::int[]) - 1) + 1])
                   ))::int
                     FROM sign_in_account_failures f WHERE f.email = $email!), 0) AS "retryAfter!"`;

const clearSignInFailures = sql<IClearSignInFailuresQuery>`
  DELETE FROM sign_in_account_failures WHERE email = $email!`;

const clearSignInFailuresOf = sql<IClearSignInFailuresOfQuery>`
  DELETE FROM sign_in_account_failures WHERE email = (SELECT lower(email) FROM users WHERE id = $userId!)`;

const deleteForgottenSignInFailures = sql<IDeleteForgottenSignInFailuresQuery>`
  DELETE FROM sign_in_account_failures WHERE last_failed_at <= now() - $keptFor!::interval`;

/** The `sign_in_account_failures` table: wrong passwords per account (its email) from every address. */
@Injectable()
export class SignInFailuresRepository {
  constructor(private readonly db: Database) {}

  /**
   * Counts one attempt on the email, unless it has to wait: in one atomic upsert, so attempts at the same moment
   * cannot all pass when a wait ends (the row lock takes them in turn, each seeing the one before). `waits`: the
   * seconds an account with that many failures (the index) waits after its last one, the last entry for any more;
   * failures older than `keptFor` are forgotten. A refused attempt changes nothing, so waiting attempts do not make
   * the wait longer. The clock is read after the row lock (`clock_timestamp()`, not the transaction's start): an
   * attempt that started first but took the lock second would otherwise see the failure before it in its future,
   * and wait when no wait applies. `retryAfter`: the seconds left of the wait when refused.
   */
  async claim(
    email: string,
    waits: readonly number[],
    keptFor: string,
  ): Promise<{ claimed: boolean; retryAfter: number }> {
    const answer = await queryOne(this.db.dataSource, claimSignIn, { email, waits: [...waits], keptFor });
    // A SELECT without FROM always answers one row.
    return answer!;
  }

  /** The account's owner got in: its count starts again. */
  async clear(email: string): Promise<void> {
    await queryAffected(this.db.dataSource, clearSignInFailures, { email });
  }

  /** A password reset: the user's count starts again. */
  async clearAllOf(tx: Queryable, userId: string): Promise<void> {
    await queryAffected(tx, clearSignInFailuresOf, { userId });
  }

  /** Deletes the counts whose last failure is older than `keptFor`; how many. */
  deleteForgotten(keptFor: string): Promise<number> {
    return queryAffected(this.db.dataSource, deleteForgottenSignInFailures, { keptFor });
  }
}
