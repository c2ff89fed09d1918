import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_MESSAGES, type ResolvedCredentials } from '@tourly/contracts';
import {
  ApiError,
  clientAddressKey,
  Database,
  EventBus,
  hashSecret,
  newSecret,
  uuidv7,
  type EntityManager,
} from '@tourly/platform';
import type { SignedInResponse } from '../accounts/accounts.dto';
import { MembershipsRepository, type MembershipProviderRow } from '../accounts/memberships.repository';
import { verifyPassword } from '../accounts/passwords';
import { resolvedCaller } from '../accounts/resolved-caller';
import { UsersRepository, type UserRow } from '../accounts/users.repository';
import { SessionsRepository } from './sessions.repository';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { ACCOUNT_FAILURES_KEPT, ACCOUNT_WAITS, accountSlowedMessage } from './sign-in.rules';

export const SESSION_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
const LOCKOUT_FAILURES = 5;
const LOCKOUT_SECONDS = 15 * 60;
const LOCKOUT_WINDOW = `${LOCKOUT_SECONDS} seconds`;

export interface NewSession {
  userId: string;
  providerId: string | null;
  impersonatorId?: string;
  impersonationId?: string;
  lifetimeSeconds?: number;
}

export interface OpenedSession {
  token: string;
  csrfToken: string;
}

export interface SignedIn extends SignedInResponse {
  token: string;
}

/**
 * Browser sessions. The cookie holds a random token; the table holds only its hash, so a leaked table
 * opens no session. Signing in always starts a new session (and ends the one presented), so a session id
 * planted before sign-in is worthless afterwards.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsRepository,
    private readonly attempts: SignInAttemptsRepository,
    private readonly failures: SignInFailuresRepository,
    private readonly users: UsersRepository,
    private readonly memberships: MembershipsRepository,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * Checks an email and password (sign-in and the OAuth password grant) from a client address. Each attempt
   * is counted for the email and address (an IPv6 address as its /64: `clientAddressKey`) before the password is
   * checked, in one atomic statement, so concurrent guesses cannot all slip in under the limit; past it the pair is
   * refused until its window ends, whether or not the account exists. Another address is counted apart: nobody can
   * lock someone else out of their account by guessing from elsewhere (the gateway limits each address across
   * accounts). Across addresses, the account itself slows down: past `ACCOUNT_FREE_FAILURES` wrong passwords from
   * anywhere, each further attempt waits longer (`sign-in.rules.ts`), never locked; the right password after the
   * wait works and starts the count again.
   */
  async authenticate(email: string, password: string, address: string): Promise<UserRow> {
    const normalised = email.trim().toLowerCase();
    const addressKey = clientAddressKey(address);
    await this.countAttempt(normalised, addressKey);
    const account = await this.failures.claim(normalised, ACCOUNT_WAITS, ACCOUNT_FAILURES_KEPT);
    if (!account.claimed) {
      const retryAfter = Math.max(1, account.retryAfter);
      throw ApiError.tooMany(accountSlowedMessage(retryAfter), retryAfter);
    }
    const user = await this.users.findByEmail(normalised);
    // Without a user the password is still checked (against a decoy), so both answers take as long.
    const verified = await verifyPassword(user?.passwordHash, password);
    if (!verified || !user) {
      throw ApiError.unauthorized(IDENTITY_MESSAGES.invalidCredentials);
    }
    await Promise.all([this.attempts.clear(normalised, addressKey), this.failures.clear(normalised)]);
    return user;
  }

  /** The provider a user starts in: the primary one, else the oldest membership. */
  defaultProvider(
    tx: EntityManager,
    user: Pick<UserRow, 'id' | 'primaryProviderId'>,
  ): Promise<MembershipProviderRow | undefined> {
    return this.memberships.startingProvider(tx, user.id, user.primaryProviderId);
  }

  async signIn(
    email: string,
    password: string,
    address: string,
    presentedToken: string | undefined,
  ): Promise<SignedIn> {
    const user = await this.authenticate(email, password, address);
    return this.db.transaction(async (tx) => {
      await this.revokePresented(tx, presentedToken);
      const provider = await this.defaultProvider(tx, user);
      const opened = await this.openSession(tx, { userId: user.id, providerId: provider?.id ?? null });
      return {
        ...opened,
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: provider?.role ?? null,
          staffRole: user.staffRole,
        },
        currentProvider: provider ? { id: provider.id, name: provider.name } : null,
      };
    });
  }

  /** A new session (with its own CSRF token); the caller sets its token as the cookie. */
  async openSession(tx: EntityManager, session: NewSession): Promise<OpenedSession> {
    const token = newSecret();
    const csrfToken = newSecret(24);
    await this.sessions.open(tx, {
      id: uuidv7(),
      tokenHash: hashSecret(token),
      userId: session.userId,
      providerId: session.providerId,
      impersonatorId: session.impersonatorId ?? null,
      impersonationId: session.impersonationId ?? null,
      csrfToken,
      lifetimeSeconds: session.lifetimeSeconds ?? SESSION_LIFETIME_SECONDS,
    });
    return { token, csrfToken };
  }

  /**
   * Ends the session a browser presented, if any: a new one always replaces it. An impersonation it carried
   * ends with it (signing out or in, or signing up, in the middle of one closes its record).
   */
  async revokePresented(tx: EntityManager, token: string | undefined): Promise<void> {
    if (!token) return;
    await this.revoke(tx, { tokenHash: hashSecret(token) });
  }

  /** Ends every session of a user (a password reset), closing the impersonations they carried. */
  async revokeAllOf(tx: EntityManager, userId: string): Promise<void> {
    await this.revoke(tx, { userId });
  }

  private async revoke(tx: EntityManager, which: { tokenHash: Buffer } | { userId: string }): Promise<void> {
    for (const impersonation of await this.sessions.revoke(tx, which)) {
      await this.events.publish(
        'identity.impersonation.stopped.v1',
        {
          providerId: impersonation.providerId,
          adminId: impersonation.adminId,
          impersonationId: impersonation.id,
        },
        tx,
      );
    }
  }

  /**
   * Counts one attempt for the email (known or not, so the answer never tells whether an account exists) and
   * address, starting a new window when the last one ended; refuses the attempt past the limit.
   */
  private async countAttempt(email: string, address: string): Promise<void> {
    const counted = await this.attempts.count(email, address, LOCKOUT_WINDOW);
    if (counted.attempts > LOCKOUT_FAILURES) {
      throw ApiError.tooMany(IDENTITY_MESSAGES.tooManyAttempts, Math.max(1, counted.retryAfter));
    }
  }

  async signOut(token: string | undefined): Promise<void> {
    await this.db.transaction((tx) => this.revokePresented(tx, token));
  }

  /**
   * What a session token stands for. An impersonation session is held to the provider it was started for,
   * while its record is open, and without the acting-as user's staff role (a back office spans providers).
   */
  async resolve(token: string): Promise<ResolvedCredentials> {
    const row = await this.sessions.resolve(hashSecret(token));
    return resolvedCaller(row, row?.csrfToken);
  }

  /** Moves the caller's live browser session to a provider; false when the token is no such session. */
  moveSession(token: string, userId: string, providerId: string): Promise<boolean> {
    return this.sessions.moveToProvider(hashSecret(token), userId, providerId);
  }

  /** Points the caller's session at the provider they just created (sign-up's setup). */
  async enterNewProvider(
    tx: EntityManager,
    token: string,
    userId: string,
    providerId: string,
  ): Promise<void> {
    await this.sessions.setCurrentProvider(tx, hashSecret(token), userId, providerId);
  }
}
