import { Inject, Injectable } from '@nestjs/common';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError, Database, hashSecret, LOGGER, uuidv7, type Logger } from '@tourly/platform';
import { UsersRepository } from '../accounts/users.repository';
import { Mailer } from '../mail/mailer';
import type { ContactConfirmationResponse, ContactType } from './contact-confirmations.dto';
import { ContactConfirmationsRepository } from './contact-confirmations.repository';
import { CODE_EXPIRED, MAX_ATTEMPTS, confirmationState, wrongGuess } from './contact-confirmations.rules';

const CODE_LIFETIME_MINUTES = 15;
/** Codes sent per contact per hour, and the pause between two: enough for a slow inbox, not for flooding one. */
const MAX_CODES_PER_HOUR = 5;
const RESEND_PAUSE_SECONDS = 60;

export const RESEND_TOO_SOON =
  'A code was sent less than a minute ago. Check your inbox (and spam folder), or ask again in a minute.';
export const TOO_MANY_CODES =
  'Too many codes were sent in the last hour. Use the latest one, or ask again in an hour.';

/**
 * Confirms that a user receives what is sent to their contact: a 6-digit code, emailed, good for 15 minutes
 * and 5 tries; asking again spends the previous one. Codes are kept as hashes, and a wrong guess is counted
 * even though the answer is an error.
 */
@Injectable()
export class ContactConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly codes: ContactConfirmationsRepository,
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(userId: string): Promise<ContactConfirmationResponse[]> {
    return (await this.codes.emailOf(userId)).map((row) => {
      const state = confirmationState(row);
      return {
        type: 'email',
        destination: row.destination,
        status: state.status,
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
        codeExpiresAt: state.codeExpiresAt?.toISOString() ?? null,
        attemptsLeft: state.attemptsLeft,
      };
    });
  }

  /** Sends a fresh code unless the contact is confirmed already; the previous code stops working. */
  async sendCode(userId: string, type: ContactType): Promise<ContactConfirmationResponse> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const sent = await this.db.transaction(async (tx) => {
      const user = await this.users.lockForUpdate(tx, userId);
      if (!user || user.confirmedAt) return null;
      const recent = await this.codes.recent(tx, userId, type, RESEND_PAUSE_SECONDS);
      if (recent.lastPause > 0) throw ApiError.tooMany(RESEND_TOO_SOON, RESEND_PAUSE_SECONDS);
      if (recent.lastHour >= MAX_CODES_PER_HOUR) throw ApiError.tooMany(TOO_MANY_CODES, 60 * 60);
      await this.codes.spendAll(tx, userId, type);
      const id = uuidv7();
      await this.codes.create(tx, {
        id,
        userId,
        type,
        destination: user.email,
        codeHash: hashSecret(`${id}:${code}`),
        minutes: CODE_LIFETIME_MINUTES,
      });
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
          await this.codes.delete(sent.id);
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

  async confirm(userId: string, type: ContactType, code: string): Promise<ContactConfirmationResponse> {
    const outcome = await this.db.transaction(async (tx) => {
      const user = await this.users.lockForUpdate(tx, userId);
      if (user?.confirmedAt) return 'confirmed' as const;
      const live = await this.codes.live(tx, userId, type, MAX_ATTEMPTS);
      if (!live) return { error: CODE_EXPIRED };
      if (!timingSafeEqual(live.codeHash, hashSecret(`${live.id}:${code.trim()}`))) {
        const attempts = live.attempts + 1;
        await this.codes.countWrongGuess(tx, live.id, attempts, MAX_ATTEMPTS);
        return { error: wrongGuess(attempts) };
      }
      await this.codes.spend(tx, live.id);
      await this.users.markEmailConfirmed(tx, userId);
      return 'confirmed' as const;
    });
    // Outside the transaction, so the counted attempt stays counted.
    if (outcome !== 'confirmed') throw ApiError.invalid('code', outcome.error);
    return this.current(userId, type);
  }

  private async current(userId: string, type: ContactType): Promise<ContactConfirmationResponse> {
    const found = (await this.list(userId)).find((confirmation) => confirmation.type === type);
    if (!found) throw ApiError.notFound('User not found');
    return found;
  }
}
