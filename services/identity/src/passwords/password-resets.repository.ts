import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  ICreatePasswordResetQuery,
  IPasswordResetLiveUntilQuery,
  ISpendPasswordResetsOfQuery,
  IUsePasswordResetQuery,
} from './password-resets.repository.types';

const createPasswordReset = sql<ICreatePasswordResetQuery>`
  INSERT INTO password_resets (id, user_id, token_hash, expires_at)
  SELECT $id!, u.id, $tokenHash!, now() + $lifetime!::interval FROM users u
   WHERE lower(u.email) = lower($email!)
     AND (SELECT count(*) FROM password_resets r
           WHERE r.user_id = u.id AND r.created_at > now() - interval '1 hour') < $maxPerHour!
  RETURNING user_id`;

const passwordResetLiveUntil = sql<IPasswordResetLiveUntilQuery>`
  SELECT expires_at AS "expiresAt" FROM password_resets
   WHERE token_hash = $tokenHash! AND used_at IS NULL AND expires_at > now()`;

const usePasswordReset = sql<IUsePasswordResetQuery>`
  UPDATE password_resets SET used_at = now()
   WHERE token_hash = $tokenHash! AND used_at IS NULL AND expires_at > now() RETURNING user_id AS "userId"`;

const spendPasswordResetsOf = sql<ISpendPasswordResetsOfQuery>`
  UPDATE password_resets SET used_at = now() WHERE user_id = $userId! AND used_at IS NULL`;

/** The `password_resets` table: emailed links, by the SHA-256 of their token. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A link for the account of the email, unless it has none or had `maxPerHour` in the last hour; whether one
   * was made.
   */
  async create(
    email: string,
    link: { id: string; tokenHash: Buffer; lifetime: string },
    maxPerHour: number,
  ): Promise<boolean> {
    const made = await queryRows(this.db.dataSource, createPasswordReset, { ...link, email, maxPerHour });
    return made.length > 0;
  }

  /** Until when a link works, or undefined when it does not (unknown, used or expired); spends nothing. */
  async liveUntil(tokenHash: Buffer): Promise<Date | undefined> {
    const link = await queryOne(this.db.dataSource, passwordResetLiveUntil, { tokenHash });
    return link?.expiresAt;
  }

  /** Spends a live link; whose account it was for, or undefined. */
  async use(tx: Queryable, tokenHash: Buffer): Promise<string | undefined> {
    const used = await queryOne(tx, usePasswordReset, { tokenHash });
    return used?.userId;
  }

  /** Spends every link of the account still unused. */
  async spendAllOf(tx: Queryable, userId: string): Promise<void> {
    await queryAffected(tx, spendPasswordResetsOf, { userId });
  }
}
