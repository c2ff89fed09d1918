import { randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  LOGGER,
  toSnakeKeys,
  uuidv7,
  type Caller,
  type Logger,
} from '@tourly/platform';
import { refuseApiKeys } from '../accounts/api-key-limits';
import { hashPassword } from '../accounts/passwords';
import { hashSecret } from '../accounts/secrets';
import { SessionsService } from '../sessions/sessions.service';
import type { IdentityConfig } from '../config';
import { Mailer, type Email } from '../mail/mailer';
import { CaptchaVerifier } from './captcha';
import type { NewAccount, NewProvider, Profile } from './sign-up.dto';

export const CAPTCHA_FAILED = 'Please confirm you are not a robot, then try again.';

/** How long a sign-up code works, how many guesses it allows, and how many requests one email gets an hour. */
const CODE_LIFETIME_MINUTES = 15;
const MAX_ATTEMPTS = 5;
const MAX_REQUESTS_PER_HOUR = 5;

export const SIGN_UP_CODE_SENT = (email: string) =>
  `We emailed a 6-digit code to ${email}. Enter it to finish creating your account. It works for ${CODE_LIFETIME_MINUTES} minutes.`;
export const SIGN_UP_CODE_REFUSED = 'is incorrect or has expired; check the latest email, or start again';

/**
 * Sign-up (002 §7): the account's email, password and the captcha answer ask for an account, and the answer
 * never says whether the email has one (the same 201 and words either way, after the same work). A new email
 * gets a 6-digit code; an email with an account gets a note telling its owner to sign in or reset their
 * password. The code (POST /sign_up/confirm) creates the account, its email confirmed, and signs the person
 * in; finalize completes their profile; setup_provider creates their business, with them as its admin, on
 * the free plan until billing says otherwise.
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly captcha: CaptchaVerifier,
    private readonly mailer: Mailer,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  async signUp(account: NewAccount, captchaResponse: string, remoteIp?: string) {
    if (!(await this.captcha.isHuman(captchaResponse, remoteIp)))
      throw ApiError.invalid('captchaResponse', CAPTCHA_FAILED);
    const email = account.email;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Hashed either way, so both answers take as long.
    const passwordHash = await hashPassword(account.password);
    const request = await this.db.transaction(async (tx) => {
      const [{ recent, registered }] = (await tx.query(
        `SELECT (SELECT count(*)::int FROM sign_up_requests
                  WHERE lower(email) = lower($1) AND created_at > now() - interval '1 hour') AS recent,
                EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS registered`,
        [email],
      )) as Array<{ recent: number; registered: boolean }>;
      // Past the hourly allowance nothing more is sent (the answer stays the same): no flooding an inbox.
      if (recent >= MAX_REQUESTS_PER_HOUR) return null;
      const id = uuidv7();
      await tx.query(
        `UPDATE sign_up_requests SET spent_at = now() WHERE lower(email) = lower($1) AND spent_at IS NULL`,
        [email],
      );
      await tx.query(
        `INSERT INTO sign_up_requests (id, email, first_name, last_name, password_hash, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
        [
          id,
          email,
          account.firstName ?? '',
          account.lastName ?? '',
          registered ? null : passwordHash,
          registered ? null : hashSecret(`${id}:${code}`),
          CODE_LIFETIME_MINUTES,
        ],
      );
      return { registered };
    });
    if (request) {
      // The email leaves after the answer, so its time says nothing either.
      void this.mailer
        .send(request.registered ? alreadyRegistered(email, this.config.APP_URL) : signUpCode(email, code))
        .catch((error: unknown) => this.logger.error({ err: error }, 'sign-up email not sent'));
    }
    return { message: SIGN_UP_CODE_SENT(email) };
  }

  /**
   * The emailed code creates the account (its email confirmed: the code proves it) and signs the person in.
   * Wrong, spent, expired, replaced or never-sent codes all get the same answer; each wrong guess counts, and
   * the fifth spends the code.
   */
  async confirm(email: string, code: string, presentedToken: string | undefined) {
    const outcome = await this.db.transaction(async (tx) => {
      const [request] = (await tx.query(
        `SELECT id, email, first_name AS "firstName", last_name AS "lastName", password_hash AS "passwordHash",
                code_hash AS "codeHash", attempts
           FROM sign_up_requests
          WHERE lower(email) = lower($1) AND spent_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [email],
      )) as Array<PendingSignUp>;
      if (!request) return null;
      const given = hashSecret(`${request.id}:${code}`);
      if (!request.codeHash || !timingSafeEqual(given, request.codeHash) || !request.passwordHash) {
        await tx.query(
          `UPDATE sign_up_requests SET attempts = attempts + 1,
                  spent_at = CASE WHEN attempts + 1 >= $2 THEN now() END
            WHERE id = $1`,
          [request.id, MAX_ATTEMPTS],
        );
        return null;
      }
      await tx.query('UPDATE sign_up_requests SET spent_at = now() WHERE id = $1', [request.id]);
      const userId = uuidv7();
      const inserted = (await tx.query(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, email_confirmed_at)
         VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
        [userId, request.email, request.firstName, request.lastName, request.passwordHash],
      )) as unknown[];
      // Someone else finished signing up with this email first.
      if (inserted.length === 0) return null;
      await this.events.publish('identity.user.created.v1', { userId, email: request.email }, tx);
      await this.sessions.revokePresented(tx, presentedToken);
      const opened = await this.sessions.openSession(tx, { userId, providerId: null });
      return {
        opened,
        answer: {
          user: {
            id: userId,
            email: request.email,
            firstName: request.firstName,
            lastName: request.lastName,
            role: null,
            staffRole: null,
          },
          currentProvider: null,
          csrfToken: opened.csrfToken,
        },
      };
    });
    if (!outcome) throw ApiError.invalid('user.code', SIGN_UP_CODE_REFUSED);
    return outcome;
  }

  async finalize(caller: Caller, profile: Profile) {
    refuseApiKeys(caller);
    // A data-modifying CTE answers rows like a SELECT (a bare UPDATE answers [rows, count]).
    const [user] = (await this.db.dataSource.query(
      `WITH updated AS (
         UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1
         RETURNING id, email, first_name AS "firstName", last_name AS "lastName")
       SELECT * FROM updated`,
      [caller.userId, profile.firstName, profile.lastName],
    )) as Array<{ id: string; email: string; firstName: string; lastName: string }>;
    if (!user) throw ApiError.unauthorized();
    return { user };
  }

  /** Creates the caller's business; this session works in it from the next request. */
  async setupProvider(caller: Caller, sessionToken: string | undefined, provider: NewProvider) {
    refuseApiKeys(caller);
    const userId = caller.userId as string;
    return this.db.transaction(async (tx) => {
      const providerId = uuidv7();
      await tx.query('INSERT INTO providers (id, name) VALUES ($1, $2)', [providerId, provider.name]);
      await tx.query("INSERT INTO memberships (user_id, provider_id, role) VALUES ($1, $2, 'admin')", [
        userId,
        providerId,
      ]);
      await tx.query(
        'UPDATE users SET primary_provider_id = coalesce(primary_provider_id, $2) WHERE id = $1',
        [userId, providerId],
      );
      if (sessionToken) {
        await tx.query(
          'UPDATE sessions SET current_provider_id = $2 WHERE token_hash = $1 AND user_id = $3',
          [hashSecret(sessionToken), providerId, userId],
        );
      }
      await this.events.publish('identity.provider.created.v1', { providerId, name: provider.name }, tx);
      await this.events.publish('identity.membership.changed.v1', { providerId, userId, role: 'admin' }, tx);
      return { provider: { id: providerId, name: provider.name }, role: 'admin' as const };
    });
  }

  async recordSurvey(caller: Caller, answers: Record<string, unknown>) {
    const id = uuidv7();
    await this.db.dataSource.query(
      'INSERT INTO survey_responses (id, user_id, provider_id, answers) VALUES ($1, $2, $3, $4)',
      [id, caller.userId, caller.providerId, JSON.stringify(toSnakeKeys(answers))],
    );
    return { id };
  }
}

interface PendingSignUp {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  codeHash: Buffer | null;
  attempts: number;
}

function signUpCode(to: string, code: string): Email {
  return {
    to,
    subject: `Your Tourly sign-up code: ${code}`,
    text: `Enter this code to finish creating your Tourly account:\n\n${code}\n\nIt works for ${CODE_LIFETIME_MINUTES} minutes. If you did not ask for an account, ignore this email: nothing is created without the code.`,
  };
}

/** What the owner of an email that already has an account receives instead of a code. */
function alreadyRegistered(to: string, appUrl: string): Email {
  return {
    to,
    subject: 'You already have a Tourly account',
    text: `Someone asked to create a Tourly account with this email address, which already has one, so no new account was made.\n\nIf it was you, sign in: ${appUrl}/users/sign_in\nForgotten your password? Reset it: ${appUrl}/users/password/new\n\nIf it was not you, ignore this email: your account is unchanged.`,
  };
}
