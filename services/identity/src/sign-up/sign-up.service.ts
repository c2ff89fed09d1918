import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Database, EventBus, toSnakeKeys, uuidv7, type Caller } from '@tourly/platform';
import { refuseApiKeys } from '../accounts/api-key-limits';
import { hashPassword } from '../accounts/passwords';
import { hashSecret } from '../accounts/secrets';
import { SessionsService } from '../sessions/sessions.service';
import { CaptchaVerifier } from './captcha';
import type { NewAccount, NewProvider, Profile } from './sign-up.dto';

export const CAPTCHA_FAILED = 'Please confirm you are not a robot, then try again.';

/**
 * Sign-up in three steps (002 §7): the account (email, password, the captcha answer) signs the person in;
 * finalize completes their profile; setup_provider creates their business, with them as its admin, on the
 * free plan until billing says otherwise.
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly captcha: CaptchaVerifier,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async signUp(
    account: NewAccount,
    captchaResponse: string,
    presentedToken: string | undefined,
    remoteIp?: string,
  ) {
    if (!(await this.captcha.isHuman(captchaResponse, remoteIp)))
      throw ApiError.invalid('captchaResponse', CAPTCHA_FAILED);
    const passwordHash = await hashPassword(account.password);
    return this.db.transaction(async (tx) => {
      const userId = uuidv7();
      const inserted = (await tx.query(
        `INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
        [userId, account.email, account.firstName ?? '', account.lastName ?? '', passwordHash],
      )) as unknown[];
      if (inserted.length === 0) {
        throw ApiError.invalid('user.email', 'is already registered; sign in, or reset your password');
      }
      await this.events.publish('identity.user.created.v1', { userId, email: account.email }, tx);
      await this.sessions.revokePresented(tx, presentedToken);
      const opened = await this.sessions.openSession(tx, { userId, providerId: null });
      return {
        opened,
        answer: {
          user: {
            id: userId,
            email: account.email,
            firstName: account.firstName ?? '',
            lastName: account.lastName ?? '',
            role: null,
            staffRole: null,
          },
          currentProvider: null,
          csrfToken: opened.csrfToken,
        },
      };
    });
  }

  async finalize(caller: Caller, profile: Profile) {
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
