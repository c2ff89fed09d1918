import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@tourly/contracts';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IAdoptPrimaryProviderQuery,
  ILeavePrimaryProviderQuery,
  ICountContactsQuery,
  ICreateConfirmedUserParams,
  ICreateConfirmedUserQuery,
  IFindUserByEmailQuery,
  IFindUserByEmailResult,
  IHomeProviderQuery,
  ILockPrimaryProviderQuery,
  ILockUserQuery,
  IMarkEmailConfirmedQuery,
  IRenameUserQuery,
  IRenameUserResult,
  ISetPasswordHashQuery,
  ISetPrimaryProviderQuery,
  IStaffOfQuery,
  IStaffOfResult,
  IUpdateProfileQuery,
  IUserContactsQuery,
  IUserContactsResult,
  IUserExistsQuery,
  IUserFullNamesQuery,
  IUserFullNamesResult,
  IUserProfileQuery,
  IUserProfileResult,
} from './users.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { staffRole: StaffRole | null };

/** A user as sign-in reads them. */
export type UserRow = Narrowed<IFindUserByEmailResult, Known>;

export type UserNameRow = IRenameUserResult;

/** A member of the platform's staff, as another service lists them. */
export type StaffMemberRow = IStaffOfResult;

/** A user's display name, as another service shows it. */
export type UserFullNameRow = IUserFullNamesResult;

/** The details a person keeps about themselves (their profile). */
export type UserProfileRow = IUserProfileResult;

/** A profile change: a field left undefined stays; a null phone number clears it. */
export interface UserProfileChanges {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
}

/** An account made with its email confirmed already (sign-up's code proved it; the demo accounts). */
export type NewUser = ICreateConfirmedUserParams & Partial<Known>;

/** A person a searchable select offers: their name, email and primary provider (null: none). */
export type ContactRow = IUserContactsResult;

const findUserByEmail = sql<Narrow<IFindUserByEmailQuery, Known>>`
  SELECT id, email, first_name AS "firstName", last_name AS "lastName", password_hash AS "passwordHash",
         staff_role AS "staffRole", primary_provider_id AS "primaryProviderId"
    FROM users WHERE lower(email) = $email!`;

const userExists = sql<IUserExistsQuery>`SELECT id FROM users WHERE id = $id!`;

const createConfirmedUser = sql<ICreateConfirmedUserQuery>`
  INSERT INTO users (id, email, first_name, last_name, password_hash, staff_role, primary_provider_id,
                     email_confirmed_at)
  VALUES ($id!, $email!, $firstName!, $lastName!, $passwordHash!, $staffRole, $primaryProviderId, now())
  ON CONFLICT (lower(email)) DO NOTHING RETURNING id`;

// A data-modifying CTE answers rows like a SELECT (a bare UPDATE answers [rows, count]).
const renameUser = sql<IRenameUserQuery>`
  WITH updated AS (
    UPDATE users SET first_name = $firstName!, last_name = $lastName! WHERE id = $id!
    RETURNING id, email, first_name AS "firstName", last_name AS "lastName")
  SELECT * FROM updated`;

const userProfile = sql<IUserProfileQuery>`
  SELECT email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber"
    FROM users WHERE id = $id!`;

// `phoneNumberGiven`: whether the change sets the phone number (to `phoneNumber`, null clearing it).
const updateProfile = sql<IUpdateProfileQuery>`
  WITH updated AS (
    UPDATE users SET first_name = coalesce($firstName, first_name), last_name = coalesce($lastName, last_name),
                     phone_number = CASE WHEN $phoneNumberGiven!::boolean THEN $phoneNumber ELSE phone_number END
     WHERE id = $id!
    RETURNING email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber")
  SELECT * FROM updated`;

const lockPrimaryProvider = sql<ILockPrimaryProviderQuery>`
  SELECT email, primary_provider_id AS "primaryProviderId" FROM users WHERE id = $id! FOR UPDATE`;

const setPrimaryProvider = sql<ISetPrimaryProviderQuery>`
  UPDATE users SET primary_provider_id = $providerId! WHERE id = $id!`;

const adoptPrimaryProvider = sql<IAdoptPrimaryProviderQuery>`
  UPDATE users SET primary_provider_id = coalesce(primary_provider_id, $providerId!) WHERE id = $id!`;

const leavePrimaryProvider = sql<ILeavePrimaryProviderQuery>`
  UPDATE users SET primary_provider_id = NULL WHERE id = $id! AND primary_provider_id = $providerId!`;

const setPasswordHash = sql<ISetPasswordHashQuery>`
  UPDATE users SET password_hash = $passwordHash! WHERE id = $id!`;

// A user's full name as every answer to another service gives it: first and last name, trimmed.
const staffOf = sql<IStaffOfQuery>`
  SELECT id AS "userId", trim(first_name || ' ' || last_name) AS "fullName!", email FROM users
   WHERE staff_role = $staffRole! ORDER BY first_name, last_name, id`;

const userFullNames = sql<IUserFullNamesQuery>`
  SELECT id AS "userId", trim(first_name || ' ' || last_name) AS "fullName!" FROM users
   WHERE id = ANY($ids!::uuid[]) ORDER BY first_name, last_name, id`;

// `search`: a LIKE pattern on the full name or the email (null: any); `providerId`: members of that provider only
// (null: any).
const userContacts = sql<IUserContactsQuery>`
  SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS "name!", u.email, u.primary_provider_id AS "providerId",
         count(*) OVER ()::int AS "total!"
    FROM users u
   WHERE ($search::text IS NULL OR trim(u.first_name || ' ' || u.last_name) ILIKE $search OR u.email ILIKE $search)
     AND ($providerId::uuid IS NULL
          OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.provider_id = $providerId))
   ORDER BY u.first_name, u.last_name, u.id LIMIT $limit! OFFSET $offset!`;

const countContacts = sql<ICountContactsQuery>`
  SELECT count(*)::int AS "total!" FROM users u
   WHERE ($search::text IS NULL OR trim(u.first_name || ' ' || u.last_name) ILIKE $search OR u.email ILIKE $search)
     AND ($providerId::uuid IS NULL
          OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.provider_id = $providerId))`;

const lockUser = sql<ILockUserQuery>`
  SELECT lower(email) AS "email!", email_confirmed_at AS "confirmedAt" FROM users WHERE id = $id! FOR UPDATE`;

const markEmailConfirmed = sql<IMarkEmailConfirmedQuery>`
  UPDATE users SET email_confirmed_at = now() WHERE id = $id!`;

// A user without memberships has no provider: the joined membership may be null.
const homeProvider = sql<IHomeProviderQuery>`
  SELECT m.provider_id AS "providerId?" FROM users u
    LEFT JOIN memberships m ON m.user_id = u.id
   WHERE u.id = $id! ORDER BY (m.provider_id = u.primary_provider_id) DESC NULLS LAST LIMIT 1`;

/** The `users` table: the one place its SQL lives, for every feature that needs a user. */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Database) {}

  /** `email`: trimmed and lowercased already. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return queryOne(this.db.dataSource, findUserByEmail, { email });
  }

  async exists(id: string): Promise<boolean> {
    return (await queryOne(this.db.dataSource, userExists, { id })) !== undefined;
  }

  /** Creates the account unless the email has one (whoever finished first); whether it did. */
  async createConfirmed(tx: Queryable, user: NewUser): Promise<boolean> {
    const inserted = await queryRows(tx, createConfirmedUser, {
      ...user,
      staffRole: user.staffRole ?? null,
      primaryProviderId: user.primaryProviderId ?? null,
    });
    return inserted.length > 0;
  }

  /** The user's new names; undefined for an unknown user. */
  rename(id: string, firstName: string, lastName: string): Promise<UserNameRow | undefined> {
    return queryOne(this.db.dataSource, renameUser, { id, firstName, lastName });
  }

  profileOf(id: string): Promise<UserProfileRow | undefined> {
    return queryOne(this.db.dataSource, userProfile, { id });
  }

  /** The user's profile after the changes; undefined for an unknown user. */
  updateProfile(id: string, changes: UserProfileChanges): Promise<UserProfileRow | undefined> {
    return queryOne(this.db.dataSource, updateProfile, {
      id,
      firstName: changes.firstName ?? null,
      lastName: changes.lastName ?? null,
      phoneNumberGiven: changes.phoneNumber !== undefined,
      phoneNumber: changes.phoneNumber ?? null,
    });
  }

  /** The user's email and primary provider, their row locked until the transaction ends; undefined: unknown. */
  lockPrimaryProvider(
    tx: Queryable,
    id: string,
  ): Promise<{ email: string; primaryProviderId: string | null } | undefined> {
    return queryOne(tx, lockPrimaryProvider, { id });
  }

  async setPrimaryProvider(tx: Queryable, id: string, providerId: string): Promise<void> {
    await queryAffected(tx, setPrimaryProvider, { id, providerId });
  }

  /** Makes the provider the user's primary one unless they have one. */
  async adoptPrimaryProvider(tx: Queryable, id: string, providerId: string): Promise<void> {
    await queryAffected(tx, adoptPrimaryProvider, { id, providerId });
  }

  /** The user no longer starts in a provider they left (the oldest membership left takes over). */
  async leavePrimaryProvider(tx: Queryable, id: string, providerId: string): Promise<void> {
    await queryAffected(tx, leavePrimaryProvider, { id, providerId });
  }

  async setPasswordHash(tx: Queryable, id: string, passwordHash: string): Promise<void> {
    await queryAffected(tx, setPasswordHash, { id, passwordHash });
  }

  /** The users holding the staff role, by name. */
  staffOf(staffRole: StaffRole): Promise<StaffMemberRow[]> {
    return queryRows(this.db.dataSource, staffOf, { staffRole });
  }

  /** The names of the users among the ids, whoever they are (unknown ids left out), by name. */
  fullNames(ids: string[]): Promise<UserFullNameRow[]> {
    return queryRows(this.db.dataSource, userFullNames, { ids });
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
    return queryRows(this.db.dataSource, userContacts, { ...filter, limit, offset });
  }

  async countContacts(filter: { search: string | null; providerId: string | null }): Promise<number> {
    const row = await queryOne(this.db.dataSource, countContacts, filter);
    return row?.total ?? 0;
  }

  /** Locks the user's row for the rest of the transaction: their email (lowercased) and when it was confirmed. */
  lockForUpdate(tx: Queryable, id: string): Promise<{ email: string; confirmedAt: Date | null } | undefined> {
    return queryOne(tx, lockUser, { id });
  }

  async markEmailConfirmed(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, markEmailConfirmed, { id });
  }

  /** Where a user lands in a session of their own: their primary provider, else any they belong to, else none. */
  async homeProvider(tx: Queryable, id: string): Promise<string | null> {
    const row = await queryOne(tx, homeProvider, { id });
    return row?.providerId ?? null;
  }
}
