import { Inject, Injectable } from '@nestjs/common';
import { ApiError, CONFIG, Database, LOGGER, uuidv7, type Logger } from '@tourly/platform';
import { hashPassword } from '../accounts/passwords';
import { hashSecret, newSecret } from '../accounts/secrets';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { SessionsService } from '../sessions/sessions.service';

export const RESET_REQUESTED =
  'If an account exists for that email, a link to reset its password is on its way. It works for one hour.';
export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with the new one.';
const RESET_LIFETIME = '1 hour';
/** Reset emails per account per hour: enough for a typo or a slow inbox, not for flooding one. */
const MAX_RESETS_PER_HOUR = 3;

/**
 * Password reset by emailed link. Asking answers the same whether or not the email has an account (and the
 * email leaves after the answer, so the timing says nothing either). A link works once, for an hour; using it
 * spends every other link of the account and signs it out everywhere: sessions (closing an impersonation of
 * it), OAuth tokens, and the API keys it generated.
 */
@Injectable()
export class PasswordResetsService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async request(email: string): Promise<{ message: string }> {
    const token = newSecret();
    const [user] = (await this.db.dataSource.query(
      `INSERT INTO password_resets (id, user_id, token_hash, expires_at)
       SELECT $2, u.id, $3, now() + $4::interval FROM users u
        WHERE lower(u.email) = lower($1)
          AND (SELECT count(*) FROM password_resets r
                WHERE r.user_id = u.id AND r.created_at > now() - interval '1 hour') < $5
       RETURNING user_id`,
      [email, uuidv7(), hashSecret(token), RESET_LIFETIME, MAX_RESETS_PER_HOUR],
    )) as unknown[];
    if (user) {
      const link = `${this.config.APP_URL}/users/password/edit?reset_password_token=${token}`;
      void this.mailer
        .send({
          to: email,
          subject: 'Reset your Tourly password',
          text: `Someone asked to reset the password of your Tourly account.\n\nTo choose a new password, open this link within the hour:\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
        })
        .catch((error: unknown) => this.logger.error({ err: error }, 'password reset email not sent'));
    }
    return { message: RESET_REQUESTED };
  }

  async reset(token: string, password: string): Promise<{ message: string }> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [used] = (await tx.query(
        `UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id AS "userId"`,
        [hashSecret(token)],
      )) as unknown as Array<Array<{ userId: string }>>;
      const userId = used?.[0]?.userId;
      if (!userId)
        throw ApiError.invalid('user.resetPasswordToken', 'is invalid or has expired; ask for a new link');
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
      // Every other link sent to the account stops working too: one may sit in a mailbox someone else reads.
      await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
        userId,
      ]);
      await this.sessions.revokeAllOf(tx, userId);
      await tx.query('UPDATE oauth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
        userId,
      ]);
      // A key the account generated may be how someone who had its password keeps a way in.
      await tx.query('UPDATE api_keys SET revoked_at = now() WHERE created_by = $1 AND revoked_at IS NULL', [
        userId,
      ]);
      await tx.query(
        'DELETE FROM sign_in_attempts WHERE email = (SELECT lower(email) FROM users WHERE id = $1)',
        [userId],
      );
    });
    return { message: PASSWORD_CHANGED };
  }
}
