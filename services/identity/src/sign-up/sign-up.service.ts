import { randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  hashSecret,
  LOGGER,
  toSnakeKeys,
  uuidv7,
  type Caller,
  type Logger,
} from '@tourly/platform';
import type { MessageResponse, SignedInResponse } from '../accounts/accounts.dto';
import { refuseApiKeys } from '../accounts/api-key-limits';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { ProvidersRepository } from '../accounts/providers.repository';
import { UsersRepository } from '../accounts/users.repository';
import { hashPassword } from '../accounts/passwords';
import { SessionsService, type OpenedSession } from '../sessions/sessions.service';
import type { IdentityConfig } from '../config';
import { Mailer, type Email } from '../mail/mailer';
import { ReferralsRepository } from '../referrals/referrals.repository';
import { CaptchaVerifier } from './captcha';
import type {
  FinalizeResponse,
  NewAccount,
  NewProvider,
  Profile,
  SetupProviderResponse,
  SurveyResponse,
} from './sign-up.dto';
import { SignUpRequestsRepository } from './sign-up.repository';
import { SurveysRepository } from './surveys.repository';

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
    private readonly requests: SignUpRequestsRepository,
    private readonly surveys: SurveysRepository,
    private readonly users: UsersRepository,
    private readonly providers: ProvidersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly sessions: SessionsService,
    private readonly referrals: ReferralsRepository,
    private readonly captcha: CaptchaVerifier,
    private readonly mailer: Mailer,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  async signUp(
    account: NewAccount,
    captchaResponse: string,
    remoteIp?: string,
    referralCode?: string,
  ): Promise<MessageResponse> {
    if (!(await this.captcha.isHuman(captchaResponse, remoteIp)))
      throw ApiError.invalid('captchaResponse', CAPTCHA_FAILED);
    const email = account.email;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Hashed either way, so both answers take as long.
    const passwordHash = await hashPassword(account.password);
    const request = await this.db.transaction(async (tx) => {
      const { recent, registered } = await this.requests.recentFor(tx, email);
      // Past the hourly allowance nothing more is sent (the answer stays the same): no flooding an inbox.
      if (recent >= MAX_REQUESTS_PER_HOUR) return null;
      const id = uuidv7();
      await this.requests.spendOpen(tx, email);
      await this.requests.create(tx, {
        id,
        email,
        firstName: account.firstName ?? '',
        lastName: account.lastName ?? '',
        passwordHash: registered ? null : passwordHash,
        codeHash: registered ? null : hashSecret(`${id}:${code}`),
        referralCode: referralCode?.trim() || null,
        minutes: CODE_LIFETIME_MINUTES,
      });
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
  async confirm(
    email: string,
    code: string,
    presentedToken: string | undefined,
  ): Promise<{ opened: OpenedSession; answer: SignedInResponse }> {
    const outcome = await this.db.transaction(async (tx) => {
      const request = await this.requests.lockLatest(tx, email);
      if (!request) return null;
      const given = hashSecret(`${request.id}:${code}`);
      if (!request.codeHash || !timingSafeEqual(given, request.codeHash) || !request.passwordHash) {
        await this.requests.countWrongGuess(tx, request.id, MAX_ATTEMPTS);
        return null;
      }
      await this.requests.spend(tx, request.id);
      const userId = uuidv7();
      const created = await this.users.createConfirmed(tx, {
        id: userId,
        email: request.email,
        firstName: request.firstName,
        lastName: request.lastName,
        passwordHash: request.passwordHash,
      });
      // Someone else finished signing up with this email first.
      if (!created) return null;
      await this.events.publish('identity.user.created.v1', { userId, email: request.email }, tx);
      if (request.referralCode) await this.referrals.record(tx, request.referralCode, userId);
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

  async finalize(caller: Caller, profile: Profile): Promise<FinalizeResponse> {
    refuseApiKeys(caller);
    const user = await this.users.rename(caller.userId as string, profile.firstName, profile.lastName);
    if (!user) throw ApiError.unauthorized();
    return { user };
  }

  /** Creates the caller's business; this session works in it from the next request. */
  async setupProvider(
    caller: Caller,
    sessionToken: string | undefined,
    provider: NewProvider,
  ): Promise<SetupProviderResponse> {
    refuseApiKeys(caller);
    const userId = caller.userId as string;
    return this.db.transaction(async (tx) => {
      const providerId = uuidv7();
      await this.providers.create(tx, { id: providerId, name: provider.name });
      await this.memberships.add(tx, userId, providerId, 'admin');
      await this.users.adoptPrimaryProvider(tx, userId, providerId);
      await this.referrals.providerSetUp(tx, userId, providerId);
      if (sessionToken) await this.sessions.enterNewProvider(tx, sessionToken, userId, providerId);
      await this.events.publish('identity.provider.created.v1', { providerId, name: provider.name }, tx);
      await this.events.publish('identity.membership.changed.v1', { providerId, userId, role: 'admin' }, tx);
      return { provider: { id: providerId, name: provider.name }, role: 'admin' as const };
    });
  }

  async recordSurvey(caller: Caller, answers: Record<string, unknown>): Promise<SurveyResponse> {
    const id = uuidv7();
    await this.surveys.create({
      id,
      userId: caller.userId,
      providerId: caller.providerId,
      json: JSON.stringify(toSnakeKeys(answers)),
    });
    return { id };
  }
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
