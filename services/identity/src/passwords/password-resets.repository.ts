import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';

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
    const made = await rows(
      this.db.dataSource,
      `INSERT INTO password_resets (id, user_id, token_hash, expires_at)
       SELECT $2, u.id, $3, now() + $4::interval FROM users u
        WHERE lower(u.email) = lower($1)
          AND (SELECT count(*) FROM password_resets r
                WHERE r.user_id = u.id AND r.created_at > now() - interval '1 hour') < $5
       RETURNING user_id`,
      [email, link.id, link.tokenHash, link.lifetime, maxPerHour],
    );
    return made.length > 0;
  }

  /** Until when a link works, or undefined when it does not (unknown, used or expired); spends nothing. */
  async liveUntil(tokenHash: Buffer): Promise<Date | undefined> {
    const link = await one<{ expiresAt: Date }>(
      this.db.dataSource,
      `SELECT expires_at AS "expiresAt" FROM password_resets
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    return link?.expiresAt;
  }

  /** Spends a live link; whose account it was for, or undefined. */
  async use(tx: Queryable, tokenHash: Buffer): Promise<string | undefined> {
    const used = await one<{ userId: string }>(
      tx,
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id AS "userId"`,
      [tokenHash],
    );
    return used?.userId;
  }

  /** Spends every link of the account still unused. */
  async spendAllOf(tx: Queryable, userId: string): Promise<void> {
    await affected(tx, 'UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
  }
}
