import { Inject, Injectable } from '@nestjs/common';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError, Database, LOGGER, uuidv7, type Logger } from '@tourly/platform';
import { hashSecret } from '../accounts/secrets';
import { Mailer } from '../mail/mailer';
import type { ContactType } from './contact-confirmations.dto';

const CODE_LIFETIME_MINUTES = 15;
export const MAX_ATTEMPTS = 5;
/** Codes sent per contact per hour, and the pause between two: enough for a slow inbox, not for flooding one. */
const MAX_CODES_PER_HOUR = 5;
const RESEND_PAUSE_SECONDS = 60;

export const CODE_EXPIRED = 'has expired; ask for a new code';
export const RESEND_TOO_SOON =
  'A code was sent less than a minute ago. Check your inbox (and spam folder), or ask again in a minute.';
export const TOO_MANY_CODES =
  'Too many codes were sent in the last hour. Use the latest one, or ask again in an hour.';
export const codeIncorrect = (attemptsLeft: number) =>
  `is incorrect; ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`;

export type ConfirmationStatus = 'confirmed' | 'pending' | 'unconfirmed';

export interface ContactConfirmation {
  type: ContactType;
  destination: string;
  status: ConfirmationStatus;
  confirmedAt: Date | null;
  codeExpiresAt: Date | null;
  attemptsLeft: number | null;
}

interface LiveCode {
  id: string;
  codeHash: Buffer;
  attempts: number;
}

/**
 * Confirms that a user receives what is sent to their contact: a 6-digit code, emailed, good for 15 minutes
 * and 5 tries; asking again spends the previous one. Codes are kept as hashes, and a wrong guess is counted
 * even though the answer is an error.
 */
@Injectable()
export class ContactConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(userId: string): Promise<ContactConfirmation[]> {
    const rows = (await this.db.dataSource.query(
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
    )) as Array<{
      destination: string;
      confirmedAt: Date | null;
      codeExpiresAt: Date | null;
      attempts: number;
    }>;
    return rows.map((row) => ({
      type: 'email',
      destination: row.destination,
      status: row.confirmedAt ? 'confirmed' : row.codeExpiresAt ? 'pending' : 'unconfirmed',
      confirmedAt: row.confirmedAt,
      codeExpiresAt: row.confirmedAt ? null : row.codeExpiresAt,
      attemptsLeft: row.confirmedAt || !row.codeExpiresAt ? null : MAX_ATTEMPTS - row.attempts,
    }));
  }

  /** Sends a fresh code unless the contact is confirmed already; the previous code stops working. */
  async sendCode(userId: string, type: ContactType): Promise<ContactConfirmation> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const sent = await this.db.transaction(async (tx) => {
      const [user] = (await tx.query(
        'SELECT lower(email) AS email, email_confirmed_at AS "confirmedAt" FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      )) as Array<{ email: string; confirmedAt: Date | null }>;
      if (!user || user.confirmedAt) return null;
      const [recent] = (await tx.query(
        `SELECT count(*)::int AS "lastHour",
                count(*) FILTER (WHERE created_at > now() - make_interval(secs => $3))::int AS "lastPause"
           FROM contact_confirmation_codes
          WHERE user_id = $1 AND type = $2 AND created_at > now() - interval '1 hour'`,
        [userId, type, RESEND_PAUSE_SECONDS],
      )) as Array<{ lastHour: number; lastPause: number }>;
      if (recent!.lastPause > 0) throw ApiError.tooMany(RESEND_TOO_SOON, RESEND_PAUSE_SECONDS);
      if (recent!.lastHour >= MAX_CODES_PER_HOUR) throw ApiError.tooMany(TOO_MANY_CODES, 60 * 60);
      await tx.query(
        `UPDATE contact_confirmation_codes SET spent_at = now()
          WHERE user_id = $1 AND type = $2 AND spent_at IS NULL`,
        [userId, type],
      );
      const id = uuidv7();
      await tx.query(
        `INSERT INTO contact_confirmation_codes (id, user_id, type, destination, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
        [id, userId, type, user.email, hashSecret(`${id}:${code}`), CODE_LIFETIME_MINUTES],
      );
      return { id, email: user.email };
    });
    if (sent) {
      await this.mailer
        .send({
          to: sent.email,
          subject: `Your Tourly confirmation code: ${code}`,
          text: `Enter this code to confirm your email address:\n\n${code}\n\nIt works for ${CODE_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this email.`,
        })
        .catch(async (error: unknown) => {
          // A code nobody received must not count against the pause before the next one.
          await this.db.dataSource.query('DELETE FROM contact_confirmation_codes WHERE id = $1', [sent.id]);
          throw error;
        });
    }
    return this.current(userId, type);
  }

  /** Sends the first code to a new account, unless it was confirmed on creation (the demo accounts). */
  async welcome(userId: string): Promise<void> {
    try {
      await this.sendCode(userId, 'email');
    } catch (error) {
      if (error instanceof ApiError) return this.logger.info({ userId }, 'confirmation code not resent');
      throw error;
    }
  }

  async confirm(userId: string, type: ContactType, code: string): Promise<ContactConfirmation> {
    const outcome = await this.db.transaction(async (tx) => {
      const [user] = (await tx.query(
        'SELECT email_confirmed_at AS "confirmedAt" FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      )) as Array<{ confirmedAt: Date | null }>;
      if (user?.confirmedAt) return 'confirmed' as const;
      const [live] = (await tx.query(
        `SELECT c.id, c.code_hash AS "codeHash", c.attempts FROM contact_confirmation_codes c
           JOIN users u ON u.id = c.user_id AND c.destination = lower(u.email)
          WHERE c.user_id = $1 AND c.type = $2 AND c.spent_at IS NULL AND c.expires_at > now()
            AND c.attempts < $3
          ORDER BY c.created_at DESC LIMIT 1`,
        [userId, type, MAX_ATTEMPTS],
      )) as LiveCode[];
      if (!live) return { error: CODE_EXPIRED };
      if (!timingSafeEqual(live.codeHash, hashSecret(`${live.id}:${code.trim()}`))) {
        const attempts = live.attempts + 1;
        await tx.query(
          `UPDATE contact_confirmation_codes SET attempts = $2::int,
                  spent_at = CASE WHEN $2::int >= $3::int THEN now() END WHERE id = $1`,
          [live.id, attempts, MAX_ATTEMPTS],
        );
        return { error: attempts >= MAX_ATTEMPTS ? CODE_EXPIRED : codeIncorrect(MAX_ATTEMPTS - attempts) };
      }
      await tx.query('UPDATE contact_confirmation_codes SET spent_at = now() WHERE id = $1', [live.id]);
      await tx.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [userId]);
      return 'confirmed' as const;
    });
    // Outside the transaction, so the counted attempt stays counted.
    if (outcome !== 'confirmed') throw ApiError.invalid('code', outcome.error);
    return this.current(userId, type);
  }

  private async current(userId: string, type: ContactType): Promise<ContactConfirmation> {
    const found = (await this.list(userId)).find((confirmation) => confirmation.type === type);
    if (!found) throw ApiError.notFound('User not found');
    return found;
  }
}
