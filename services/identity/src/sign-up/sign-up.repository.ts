import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';

export interface PendingSignUpRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Null for an email that has an account: no code can finish it. */
  passwordHash: string | null;
  codeHash: Buffer | null;
  attempts: number;
  /** The referral code the person signed up with (a provider's sign-up link), as given. */
  referralCode: string | null;
}

/** The `sign_up_requests` table: sign-ups waiting for their emailed code. */
@Injectable()
export class SignUpRequestsRepository {
  constructor(private readonly db: Database) {}

  /** Requests for the email in the last hour, and whether the email has an account already. */
  async recentFor(tx: Queryable, email: string): Promise<{ recent: number; registered: boolean }> {
    const found = await one<{ recent: number; registered: boolean }>(
      tx,
      `SELECT (SELECT count(*)::int FROM sign_up_requests
                WHERE lower(email) = lower($1) AND created_at > now() - interval '1 hour') AS recent,
              EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS registered`,
      [email],
    );
    // A SELECT without FROM always answers its row.
    return found!;
  }

  /** Spends every open request of the email (a new one replaces them). */
  async spendOpen(tx: Queryable, email: string): Promise<void> {
    await affected(
      tx,
      `UPDATE sign_up_requests SET spent_at = now() WHERE lower(email) = lower($1) AND spent_at IS NULL`,
      [email],
    );
  }

  async create(
    tx: Queryable,
    request: Omit<PendingSignUpRow, 'attempts'> & { minutes: number },
  ): Promise<void> {
    await rows(
      tx,
      `INSERT INTO sign_up_requests
              (id, email, first_name, last_name, password_hash, code_hash, referral_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
      [
        request.id,
        request.email,
        request.firstName,
        request.lastName,
        request.passwordHash,
        request.codeHash,
        request.referralCode,
        request.minutes,
      ],
    );
  }

  /** The newest live request of the email, locked for the rest of the transaction. */
  lockLatest(tx: Queryable, email: string): Promise<PendingSignUpRow | undefined> {
    return one<PendingSignUpRow>(
      tx,
      `SELECT id, email, first_name AS "firstName", last_name AS "lastName", password_hash AS "passwordHash",
              code_hash AS "codeHash", attempts, referral_code AS "referralCode"
         FROM sign_up_requests
        WHERE lower(email) = lower($1) AND spent_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [email],
    );
  }

  /** Counts a wrong guess; the guess that reaches `maxAttempts` spends the request. */
  async countWrongGuess(tx: Queryable, id: string, maxAttempts: number): Promise<void> {
    await affected(
      tx,
      `UPDATE sign_up_requests SET attempts = attempts + 1,
              spent_at = CASE WHEN attempts + 1 >= $2 THEN now() END
        WHERE id = $1`,
      [id, maxAttempts],
    );
  }

  async spend(tx: Queryable, id: string): Promise<void> {
    await affected(tx, 'UPDATE sign_up_requests SET spent_at = now() WHERE id = $1', [id]);
  }

  /** Deletes requests a day past their expiry (the hourly allowance reads the last hour); how many. */
  deleteExpired(): Promise<number> {
    return affected(
      this.db.dataSource,
      "DELETE FROM sign_up_requests WHERE expires_at < now() - interval '1 day'",
    );
  }
}
