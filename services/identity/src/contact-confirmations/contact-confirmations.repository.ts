import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  ICountWrongCodeGuessQuery,
  ICreateConfirmationCodeQuery,
  IDeleteConfirmationCodeQuery,
  IEmailContactQuery,
  IEmailContactResult,
  ILiveConfirmationCodeQuery,
  ILiveConfirmationCodeResult,
  IRecentConfirmationCodesQuery,
  ISpendAllConfirmationCodesQuery,
  ISpendConfirmationCodeQuery,
} from './contact-confirmations.repository.types';

/** A user's email with the newest live code sent to it (none: all null). */
export type EmailContactRow = IEmailContactResult;

export type LiveCodeRow = ILiveConfirmationCodeResult;

// Without a live code the joined code's columns are null.
const emailContact = sql<IEmailContactQuery>`
  SELECT u.email AS destination, u.email_confirmed_at AS "confirmedAt",
         c.expires_at AS "codeExpiresAt?", c.attempts AS "attempts?"
    FROM users u
    LEFT JOIN LATERAL (
      SELECT expires_at, attempts FROM contact_confirmation_codes
       WHERE user_id = u.id AND type = 'email' AND spent_at IS NULL AND expires_at > now()
         AND destination = lower(u.email)
       ORDER BY created_at DESC LIMIT 1) c ON true
   WHERE u.id = $userId!`;

const recentConfirmationCodes = sql<IRecentConfirmationCodesQuery>`
  SELECT count(*)::int AS "lastHour!",
         count(*) FILTER (WHERE created_at > now() - make_interval(secs => $pauseSeconds!))::int AS "lastPause!"
    FROM contact_confirmation_codes
   WHERE user_id = $userId! AND type = $type! AND created_at > now() - interval '1 hour'`;

const spendAllConfirmationCodes = sql<ISpendAllConfirmationCodesQuery>`
  UPDATE contact_confirmation_codes SET spent_at = now()
   WHERE user_id = $userId! AND type = $type! AND spent_at IS NULL`;

const createConfirmationCode = sql<ICreateConfirmationCodeQuery>`
  INSERT INTO contact_confirmation_codes (id, user_id, type, destination, code_hash, expires_at)
  VALUES ($id!, $userId!, $type!, $destination!, $codeHash!, now() + make_interval(mins => $minutes!))`;

const deleteConfirmationCode = sql<IDeleteConfirmationCodeQuery>`
  DELETE FROM contact_confirmation_codes WHERE id = $id!`;

const liveConfirmationCode = sql<ILiveConfirmationCodeQuery>`
  SELECT c.id, c.code_hash AS "codeHash", c.attempts FROM contact_confirmation_codes c
    JOIN users u ON u.id = c.user_id AND c.destination = lower(u.email)
   WHERE c.user_id = $userId! AND c.type = $type! AND c.spent_at IS NULL AND c.expires_at > now()
     AND c.attempts < $maxAttempts!
   ORDER BY c.created_at DESC LIMIT 1`;

const countWrongCodeGuess = sql<ICountWrongCodeGuessQuery>`
  UPDATE contact_confirmation_codes SET attempts = $attempts!::int,
         spent_at = CASE WHEN $attempts!::int >= $maxAttempts!::int THEN now() END WHERE id = $id!`;

const spendConfirmationCode = sql<ISpendConfirmationCodeQuery>`
  UPDATE contact_confirmation_codes SET spent_at = now() WHERE id = $id!`;

/** The `contact_confirmation_codes` table (read with the contact it confirms: the user's email). */
@Injectable()
export class ContactConfirmationsRepository {
  constructor(private readonly db: Database) {}

  emailOf(userId: string): Promise<EmailContactRow[]> {
    return queryRows(this.db.dataSource, emailContact, { userId });
  }

  /** Codes sent to the user's contact in the last hour, and within the last `pauseSeconds`. */
  async recent(
    tx: Queryable,
    userId: string,
    type: string,
    pauseSeconds: number,
  ): Promise<{ lastHour: number; lastPause: number }> {
    const counted = await queryOne(tx, recentConfirmationCodes, { userId, type, pauseSeconds });
    // An aggregate always answers its row.
    return counted!;
  }

  /** Spends every unspent code of the user's contact. */
  async spendAll(tx: Queryable, userId: string, type: string): Promise<void> {
    await queryAffected(tx, spendAllConfirmationCodes, { userId, type });
  }

  async create(
    tx: Queryable,
    code: {
      id: string;
      userId: string;
      type: string;
      destination: string;
      codeHash: Buffer;
      minutes: number;
    },
  ): Promise<void> {
    await queryRows(tx, createConfirmationCode, code);
  }

  async delete(id: string): Promise<void> {
    await queryAffected(this.db.dataSource, deleteConfirmationCode, { id });
  }

  /** The newest code still good for the contact as it is now, with attempts left. */
  live(tx: Queryable, userId: string, type: string, maxAttempts: number): Promise<LiveCodeRow | undefined> {
    return queryOne(tx, liveConfirmationCode, { userId, type, maxAttempts });
  }

  /** Counts a wrong guess (`attempts`: the count now); the code is spent once it reaches `maxAttempts`. */
  async countWrongGuess(tx: Queryable, id: string, attempts: number, maxAttempts: number): Promise<void> {
    await queryAffected(tx, countWrongCodeGuess, { id, attempts, maxAttempts });
  }

  async spend(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, spendConfirmationCode, { id });
  }
}
