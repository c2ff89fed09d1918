import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  CONFIG,
  Database,
  hashSecret,
  LOGGER,
  newSecret,
  uuidv7,
  type Logger,
} from '@tourly/platform';
import type { MessageResponse } from '../accounts/accounts.dto';
import type { ResetLinkResponse } from './passwords.dto';
import { hashPassword } from '../accounts/passwords';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { UsersRepository } from '../accounts/users.repository';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { OAuthTokensRepository } from '../oauth/oauth-tokens.repository';
import { SessionsService } from '../sessions/sessions.service';
import { SignInAttemptsRepository } from '../sessions/sign-in-attempts.repository';
import { SignInFailuresRepository } from '../sessions/sign-in-failures.repository';
import { PasswordResetsRepository } from './password-resets.repository';

export const RESET_REQUESTED =
  'If an account exists for that email, a link to reset its password is on its way. It works for one hour.';
export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with the new one.';
const LINK_UNUSABLE = 'is invalid or has expired; ask for a new link';
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
export class PasswordsService {
  constructor(
    private readonly db: Database,
    private readonly resets: PasswordResetsRepository,
    private readonly users: UsersRepository,
    private readonly oauthTokens: OAuthTokensRepository,
    private readonly apiKeys: ApiKeysRepository,
    private readonly signInAttempts: SignInAttemptsRepository,
    private readonly signInFailures: SignInFailuresRepository,
    private readonly mailer: Mailer,
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async request(email: string): Promise<MessageResponse> {
    const token = newSecret();
    const made = await this.resets.create(
      email,
      { id: uuidv7(), tokenHash: hashSecret(token), lifetime: RESET_LIFETIME },
      MAX_RESETS_PER_HOUR,
    );
    if (made) {
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

  /** Until when the link works; 422 in the words `reset` would use when it does not. Spends nothing. */
  async check(token: string): Promise<ResetLinkResponse> {
    const expiresAt = await this.resets.liveUntil(hashSecret(token));
    if (!expiresAt) throw ApiError.invalid('user.resetPasswordToken', LINK_UNUSABLE);
    return { expiresAt: expiresAt.toISOString() };
  }

  async reset(token: string, password: string): Promise<MessageResponse> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const userId = await this.resets.use(tx, hashSecret(token));
      if (!userId) throw ApiError.invalid('user.resetPasswordToken', LINK_UNUSABLE);
      await this.users.setPasswordHash(tx, userId, passwordHash);
      // Every other link sent to the account stops working too: one may sit in a mailbox someone else reads.
      await this.resets.spendAllOf(tx, userId);
      await this.sessions.revokeAllOf(tx, userId);
      await this.oauthTokens.revokeAllOf(tx, userId);
      // A key the account generated may be how someone who had its password keeps a way in.
      await this.apiKeys.revokeCreatedBy(tx, userId);
      await this.signInAttempts.clearAllOf(tx, userId);
      // The owner proved it is theirs: a slow-down others caused ends with it.
      await this.signInFailures.clearAllOf(tx, userId);
    });
    return { message: PASSWORD_CHANGED };
  }
}
