import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  ICountWrongSignUpGuessQuery,
  ICreateSignUpRequestParams,
  ICreateSignUpRequestQuery,
  IDeleteExpiredSignUpRequestsQuery,
  ILockLatestSignUpRequestQuery,
  ILockLatestSignUpRequestResult,
  IRecentSignUpRequestsQuery,
  ISpendOpenSignUpRequestsQuery,
  ISpendSignUpRequestQuery,
} from './sign-up.repository.types';

/**
 * A sign-up waiting for its code: `passwordHash` (and `codeHash`) null for an email that has an account already (no
 * code can finish it); `referralCode` the code the person signed up with (a provider's sign-up link), as given.
 */
export type PendingSignUpRow = ILockLatestSignUpRequestResult;

// Both answers are expressions PostgreSQL cannot prove non-null: a count's subquery, and EXISTS.
const recentSignUpRequests = sql<IRecentSignUpRequestsQuery>`
  SELECT (SELECT count(*)::int FROM sign_up_requests
           WHERE lower(email) = lower($email!) AND created_at > now() - interval '1 hour') AS "recent!",
         EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($email!)) AS "registered!"`;

const spendOpenSignUpRequests = sql<ISpendOpenSignUpRequestsQuery>`
  UPDATE sign_up_requests SET spent_at = now() WHERE lower(email) = lower($email!) AND spent_at IS NULL`;

const createSignUpRequest = sql<ICreateSignUpRequestQuery>`
  INSERT INTO sign_up_requests
         (id, email, first_name, last_name, password_hash, code_hash, referral_code, expires_at)
  VALUES ($id!, $email!, $firstName!, $lastName!, $passwordHash, $codeHash, $referralCode,
          now() + make_interval(mins => $minutes!))`;

const lockLatestSignUpRequest = sql<ILockLatestSignUpRequestQuery>`
  SELECT id, email, first_name AS "firstName", last_name AS "lastName", password_hash AS "passwordHash",
         code_hash AS "codeHash", attempts, referral_code AS "referralCode"
    FROM sign_up_requests
   WHERE lower(email) = lower($email!) AND spent_at IS NULL AND expires_at > now()
   ORDER BY created_at DESC LIMIT 1 FOR UPDATE`;

const countWrongSignUpGuess = sql<ICountWrongSignUpGuessQuery>`
  UPDATE sign_up_requests SET attempts = attempts + 1,
         spent_at = CASE WHEN attempts + 1 >= $maxAttempts! THEN now() END
   WHERE id = $id!`;

const spendSignUpRequest = sql<ISpendSignUpRequestQuery>`
  UPDATE sign_up_requests SET spent_at = now() WHERE id = $id!`;

const deleteExpiredSignUpRequests = sql<IDeleteExpiredSignUpRequestsQuery>`
  DELETE FROM sign_up_requests WHERE expires_at < now() - interval '1 day'`;

/** The `sign_up_requests` table: sign-ups waiting for their emailed code. */
@Injectable()
export class SignUpRequestsRepository {
  constructor(private readonly db: Database) {}

  /** Requests for the email in the last hour, and whether the email has an account already. */
  async recentFor(tx: Queryable, email: string): Promise<{ recent: number; registered: boolean }> {
    const found = await queryOne(tx, recentSignUpRequests, { email });
    // A SELECT without FROM always answers its row.
    return found!;
  }

  /** Spends every open request of the email (a new one replaces them). */
  async spendOpen(tx: Queryable, email: string): Promise<void> {
    await queryAffected(tx, spendOpenSignUpRequests, { email });
  }

  async create(tx: Queryable, request: ICreateSignUpRequestParams): Promise<void> {
    await queryRows(tx, createSignUpRequest, request);
  }

  /** The newest live request of the email, locked for the rest of the transaction. */
  lockLatest(tx: Queryable, email: string): Promise<PendingSignUpRow | undefined> {
    return queryOne(tx, lockLatestSignUpRequest, { email });
  }

  /** Counts a wrong guess; the guess that reaches `maxAttempts` spends the request. */
  async countWrongGuess(tx: Queryable, id: string, maxAttempts: number): Promise<void> {
    await queryAffected(tx, countWrongSignUpGuess, { id, maxAttempts });
  }

  async spend(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, spendSignUpRequest, { id });
  }

  /** Deletes requests a day past their expiry (the hourly allowance reads the last hour); how many. */
  deleteExpired(): Promise<number> {
    return queryAffected(this.db.dataSource, deleteExpiredSignUpRequests, undefined);
  }
}
