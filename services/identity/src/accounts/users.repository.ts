import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@tourly/contracts';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';

/** A user as sign-in reads them. */
export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  staffRole: StaffRole | null;
  primaryProviderId: string | null;
}

export interface UserNameRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A member of the platform's staff, as another service lists them. */
export interface StaffMemberRow {
  userId: string;
  fullName: string;
  email: string;
}

/** A user's display name, as another service shows it. */
export interface UserFullNameRow {
  userId: string;
  fullName: string;
}

/** A user's full name as every answer to another service gives it: first and last name, trimmed. */
const FULL_NAME = `trim(first_name || ' ' || last_name) AS "fullName"`;

/** The details a person keeps about themselves (their profile). */
export interface UserProfileRow {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
}

/** A profile change: a field left undefined stays; a null phone number clears it. */
export interface UserProfileChanges {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
}

/** An account made with its email confirmed already (sign-up's code proved it; the demo accounts). */
export interface NewUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  staffRole?: StaffRole | null;
  primaryProviderId?: string | null;
}

/** A person a searchable select offers: their name, email and primary provider (null: none). */
export interface ContactRow {
  id: string;
  name: string;
  email: string;
  providerId: string | null;
  total: number;
}

const FULL_NAME_OF_U = `trim(u.first_name || ' ' || u.last_name)`;
/** `$1`: a LIKE pattern on the full name or the email (null: any); `$2`: members of that provider only (null: any). */
const CONTACTS = `($1::text IS NULL OR ${FULL_NAME_OF_U} ILIKE $1 OR u.email ILIKE $1)
  AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.provider_id = $2))`;

const PROFILE_COLUMNS =
  'email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber"';

/** The `users` table: the one place its SQL lives, for every feature that needs a user. */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Database) {}

  /** `email`: trimmed and lowercased already. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return one<UserRow>(
      this.db.dataSource,
      `SELECT id, email, first_name AS "firstName", last_name AS "lastName", password_hash AS "passwordHash",
              staff_role AS "staffRole", primary_provider_id AS "primaryProviderId"
         FROM users WHERE lower(email) = $1`,
      [email],
    );
  }

  async exists(id: string): Promise<boolean> {
    return (await one(this.db.dataSource, 'SELECT id FROM users WHERE id = $1', [id])) !== undefined;
  }

  /** Creates the account unless the email has one (whoever finished first); whether it did. */
  async createConfirmed(tx: Queryable, user: NewUser): Promise<boolean> {
    const inserted = await rows(
      tx,
      `INSERT INTO users (id, email, first_name, last_name, password_hash, staff_role, primary_provider_id,
                          email_confirmed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now()) ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
      [
        user.id,
        user.email,
        user.firstName,
        user.lastName,
        user.passwordHash,
        user.staffRole ?? null,
        user.primaryProviderId ?? null,
      ],
    );
    return inserted.length > 0;
  }

  /** The user's new names; undefined for an unknown user. */
  rename(id: string, firstName: string, lastName: string): Promise<UserNameRow | undefined> {
    // A data-modifying CTE answers rows like a SELECT (a bare UPDATE answers [rows, count]).
    return one<UserNameRow>(
      this.db.dataSource,
      `WITH updated AS (
         UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1
         RETURNING id, email, first_name AS "firstName", last_name AS "lastName")
       SELECT * FROM updated`,
      [id, firstName, lastName],
    );
  }

  profileOf(id: string): Promise<UserProfileRow | undefined> {
    return one<UserProfileRow>(this.db.dataSource, `SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`, [
      id,
    ]);
  }

  /** The user's profile after the changes; undefined for an unknown user. */
  updateProfile(id: string, changes: UserProfileChanges): Promise<UserProfileRow | undefined> {
    return one<UserProfileRow>(
      this.db.dataSource,
      `WITH updated AS (
         UPDATE users SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
                          phone_number = CASE WHEN $4::boolean THEN $5 ELSE phone_number END
          WHERE id = $1
         RETURNING ${PROFILE_COLUMNS})
       SELECT * FROM updated`,
      [
        id,
        changes.firstName ?? null,
        changes.lastName ?? null,
        changes.phoneNumber !== undefined,
        changes.phoneNumber ?? null,
      ],
    );
  }

  /** The user's email and primary provider, their row locked until the transaction ends; undefined: unknown. */
  lockPrimaryProvider(
    tx: Queryable,
    id: string,
  ): Promise<{ email: string; primaryProviderId: string | null } | undefined> {
    return one<{ email: string; primaryProviderId: string | null }>(
      tx,
      'SELECT email, primary_provider_id AS "primaryProviderId" FROM users WHERE id = $1 FOR UPDATE',
      [id],
    );
  }

  async setPrimaryProvider(tx: Queryable, id: string, providerId: string): Promise<void> {
    await affected(tx, 'UPDATE users SET primary_provider_id = $2 WHERE id = $1', [id, providerId]);
  }

  /** Makes the provider the user's primary one unless they have one. */
  async adoptPrimaryProvider(tx: Queryable, id: string, providerId: string): Promise<void> {
    await affected(
      tx,
      'UPDATE users SET primary_provider_id = coalesce(primary_provider_id, $2) WHERE id = $1',
      [id, providerId],
    );
  }

  async setPasswordHash(tx: Queryable, id: string, passwordHash: string): Promise<void> {
    await affected(tx, 'UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  }

  /** The users holding the staff role, by name. */
  staffOf(staffRole: StaffRole): Promise<StaffMemberRow[]> {
    return rows<StaffMemberRow>(
      this.db.dataSource,
      `SELECT id AS "userId", ${FULL_NAME}, email FROM users
        WHERE staff_role = $1 ORDER BY first_name, last_name, id`,
      [staffRole],
    );
  }

  /** The names of the users among the ids, whoever they are (unknown ids left out), by name. */
  fullNames(ids: string[]): Promise<UserFullNameRow[]> {
    return rows<UserFullNameRow>(
      this.db.dataSource,
      `SELECT id AS "userId", ${FULL_NAME} FROM users
        WHERE id = ANY($1::uuid[]) ORDER BY first_name, last_name, id`,
      [ids],
    );
  }

  /**
   * People for the console's searchable selects, by name: `search` a LIKE pattern on the full name or email (null:
   * all), `providerId` only that provider's members (null: everyone). Each row carries the total.
   */
  contacts(
    filter: { search: string | null; providerId: string | null },
    limit: number,
    offset: number,
  ): Promise<ContactRow[]> {
    return rows<ContactRow>(
      this.db.dataSource,
      `SELECT u.id, ${FULL_NAME_OF_U} AS name, u.email, u.primary_provider_id AS "providerId",
              count(*) OVER ()::int AS total
         FROM users u WHERE ${CONTACTS}
        ORDER BY u.first_name, u.last_name, u.id LIMIT $3 OFFSET $4`,
      [filter.search, filter.providerId, limit, offset],
    );
  }

  async countContacts(filter: { search: string | null; providerId: string | null }): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      `SELECT count(*)::int AS total FROM users u WHERE ${CONTACTS}`,
      [filter.search, filter.providerId],
    );
    return row?.total ?? 0;
  }

  /** Locks the user's row for the rest of the transaction: their email (lowercased) and when it was confirmed. */
  lockForUpdate(tx: Queryable, id: string): Promise<{ email: string; confirmedAt: Date | null } | undefined> {
    return one<{ email: string; confirmedAt: Date | null }>(
      tx,
      'SELECT lower(email) AS email, email_confirmed_at AS "confirmedAt" FROM users WHERE id = $1 FOR UPDATE',
      [id],
    );
  }

  async markEmailConfirmed(tx: Queryable, id: string): Promise<void> {
    await affected(tx, 'UPDATE users SET email_confirmed_at = now() WHERE id = $1', [id]);
  }

  /** Where a user lands in a session of their own: their primary provider, else any they belong to, else none. */
  async homeProvider(tx: Queryable, id: string): Promise<string | null> {
    const row = await one<{ providerId: string | null }>(
      tx,
      `SELECT m.provider_id AS "providerId" FROM users u
         LEFT JOIN memberships m ON m.user_id = u.id
        WHERE u.id = $1 ORDER BY (m.provider_id = u.primary_provider_id) DESC NULLS LAST LIMIT 1`,
      [id],
    );
    return row?.providerId ?? null;
  }
}
