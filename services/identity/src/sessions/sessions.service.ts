import { Inject, Injectable } from '@nestjs/common';
import {
  IDENTITY_MESSAGES,
  type MembershipRole,
  type ResolvedCredentials,
  type StaffRole,
} from '@tourly/contracts';
import { ApiError, Database, EventBus, uuidv7, type EntityManager } from '@tourly/platform';
import { verifyPassword } from '../accounts/passwords';
import { hashSecret, newSecret } from '../accounts/secrets';
import { resolvedCaller, type CallerRow } from '../accounts/resolved-caller';

export const SESSION_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
const LOCKOUT_FAILURES = 5;
const LOCKOUT_SECONDS = 15 * 60;
const LOCKOUT_WINDOW = `${LOCKOUT_SECONDS} seconds`;

export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  staffRole: StaffRole | null;
  primaryProviderId: string | null;
}

export interface NewSession {
  userId: string;
  providerId: string | null;
  impersonatorId?: string;
  impersonationId?: string;
  lifetimeSeconds?: number;
}

export interface SignedIn {
  token: string;
  csrfToken: string;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    role: MembershipRole | null;
    staffRole: StaffRole | null;
  };
  currentProvider: { id: string; name: string } | null;
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
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * Checks an email and password (sign-in and the OAuth password grant) from a client address. Each attempt
   * is counted for the email and address before the password is checked, in one atomic statement, so
   * concurrent guesses cannot all slip in under the limit; past it the pair is refused until its window ends,
   * whether or not the account exists. Another address is counted apart: nobody can lock someone else out
   * of their account by guessing from elsewhere (the gateway limits each address across accounts).
   */
  async authenticate(email: string, password: string, address: string): Promise<UserRow> {
    const normalised = email.trim().toLowerCase();
    await this.countAttempt(normalised, address);
    const [user] = (await this.db.dataSource.query(
      `SELECT id, email, first_name AS "firstName", last_name AS "lastName", password_hash AS "passwordHash",
              staff_role AS "staffRole", primary_provider_id AS "primaryProviderId"
         FROM users WHERE lower(email) = $1`,
      [normalised],
    )) as UserRow[];
    if (!(await verifyPassword(user?.passwordHash, password))) {
      throw ApiError.unauthorized(IDENTITY_MESSAGES.invalidCredentials);
    }
    await this.db.dataSource.query('DELETE FROM sign_in_attempts WHERE email = $1 AND address = $2', [
      normalised,
      address,
    ]);
    return user;
  }

  /** The provider a user starts in: the primary one, else the oldest membership. */
  async defaultProvider(
    tx: EntityManager,
    user: Pick<UserRow, 'id' | 'primaryProviderId'>,
  ): Promise<{ id: string; name: string; role: MembershipRole } | undefined> {
    const [provider] = (await tx.query(
      `SELECT p.id, p.name, m.role FROM memberships m JOIN providers p ON p.id = m.provider_id
        WHERE m.user_id = $1 ORDER BY (p.id = $2) DESC NULLS LAST, m.created_at LIMIT 1`,
      [user.id, user.primaryProviderId],
    )) as Array<{ id: string; name: string; role: MembershipRole }>;
    return provider;
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
  async openSession(tx: EntityManager, session: NewSession): Promise<{ token: string; csrfToken: string }> {
    const token = newSecret();
    const csrfToken = newSecret(24);
    await tx.query(
      `INSERT INTO sessions (id, token_hash, user_id, current_provider_id, impersonator_id, impersonation_id,
                             csrf_token, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
      [
        uuidv7(),
        hashSecret(token),
        session.userId,
        session.providerId,
        session.impersonatorId ?? null,
        session.impersonationId ?? null,
        csrfToken,
        session.lifetimeSeconds ?? SESSION_LIFETIME_SECONDS,
      ],
    );
    return { token, csrfToken };
  }

  /**
   * Ends the session a browser presented, if any: a new one always replaces it. An impersonation it carried
   * ends with it (signing out or in, or signing up, in the middle of one closes its record).
   */
  async revokePresented(tx: EntityManager, token: string | undefined): Promise<void> {
    if (!token) return;
    await this.revoke(tx, 'token_hash = $1', hashSecret(token));
  }

  /** Ends every session of a user (a password reset), closing the impersonations they carried. */
  async revokeAllOf(tx: EntityManager, userId: string): Promise<void> {
    await this.revoke(tx, 'user_id = $1', userId);
  }

  private async revoke(
    tx: EntityManager,
    which: 'token_hash = $1' | 'user_id = $1',
    value: Buffer | string,
  ): Promise<void> {
    const ended = (await tx.query(
      `WITH revoked AS (
         UPDATE sessions SET revoked_at = now() WHERE ${which} AND revoked_at IS NULL RETURNING impersonation_id),
       ended AS (
         UPDATE impersonations i SET stopped_at = least(now(), i.expires_at)
           FROM revoked r WHERE i.id = r.impersonation_id AND i.stopped_at IS NULL
         RETURNING i.id, i.provider_id AS "providerId", i.admin_id AS "adminId")
       SELECT * FROM ended`,
      [value],
    )) as Array<{ id: string; providerId: string; adminId: string }>;
    for (const impersonation of ended) {
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
    const [counted] = (await this.db.dataSource.query(
      `INSERT INTO sign_in_attempts AS a (email, address, attempts, window_started_at) VALUES ($1, $2, 1, now())
       ON CONFLICT ON CONSTRAINT sign_in_attempts_pk DO UPDATE SET
         attempts = CASE WHEN a.window_started_at > now() - $3::interval THEN a.attempts + 1 ELSE 1 END,
         window_started_at = CASE WHEN a.window_started_at > now() - $3::interval
                                  THEN a.window_started_at ELSE now() END
       RETURNING attempts,
                 ceil(extract(epoch FROM a.window_started_at + $3::interval - now()))::int AS "retryAfter"`,
      [email, address, LOCKOUT_WINDOW],
    )) as Array<{ attempts: number; retryAfter: number }>;
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
    const [row] = (await this.db.dataSource.query(
      `SELECT s.user_id AS "userId", s.current_provider_id AS "providerId", s.impersonator_id AS "impersonatorId",
              s.csrf_token AS "csrfToken", m.role,
              CASE WHEN s.impersonation_id IS NULL THEN u.staff_role END AS "staffRole"
         FROM sessions s
         JOIN users u ON u.id = s.user_id
         LEFT JOIN memberships m ON m.user_id = s.user_id AND m.provider_id = s.current_provider_id
         LEFT JOIN impersonations i ON i.id = s.impersonation_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND (s.impersonation_id IS NULL OR (i.stopped_at IS NULL AND i.provider_id = s.current_provider_id))`,
      [hashSecret(token)],
    )) as Array<CallerRow & { csrfToken: string }>;
    return resolvedCaller(row, row?.csrfToken);
  }
}
