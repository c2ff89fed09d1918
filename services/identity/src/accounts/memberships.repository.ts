import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
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
  IAddMembershipQuery,
  IAdminEmailsQuery,
  IAvailableProvidersQuery,
  ICountAvailableProvidersQuery,
  ICountUsersOfQuery,
  IDefaultProviderQuery,
  IFindMembershipQuery,
  IFindMembershipResult,
  IMembershipExistsQuery,
  IOldestAdminQuery,
  IPeopleAmongQuery,
  IProfilesAmongQuery,
  IProfilesAmongResult,
  IStartingProviderQuery,
  IUsersOfQuery,
  IUsersOfResult,
  ICountTeamOfQuery,
  IJoinTeamQuery,
  ILockAdminsQuery,
  ILockTeamMemberQuery,
  IMemberByEmailQuery,
  IRemoveMembershipQuery,
  ISetMembershipRoleQuery,
  ITeamMemberQuery,
  ITeamOfQuery,
  ITeamOfResult,
  IClientUsersOfQuery,
  ICountClientUsersOfQuery,
  ILockClientUserQuery,
  ILockClientUsersQuery,
} from './memberships.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { role: MembershipRole };

export type MembershipProviderRow = Narrowed<IFindMembershipResult, Known>;

export type PersonProfileRow = IProfilesAmongResult;

export type ProviderUserRow = Narrowed<IUsersOfResult, Known>;

export type TeamMemberRow = Narrowed<ITeamOfResult, Known>;

const addMembership = sql<IAddMembershipQuery>`
  INSERT INTO memberships (user_id, provider_id, role) VALUES ($userId!, $providerId!, $role!)`;

const membershipExists = sql<IMembershipExistsQuery>`
  SELECT 1 AS "found!" FROM memberships WHERE user_id = $userId! AND provider_id = $providerId!`;

const findMembership = sql<Narrow<IFindMembershipQuery, Known>>`
  SELECT p.id, p.name, m.role FROM memberships m JOIN providers p ON p.id = m.provider_id
   WHERE m.user_id = $userId! AND m.provider_id = $providerId!`;

const availableProviders = sql<IAvailableProvidersQuery>`
  SELECT p.id, p.name FROM memberships m JOIN providers p ON p.id = m.provider_id
   WHERE m.user_id = $userId! AND ($search::text IS NULL OR p.name ILIKE $search)
     AND ($only::uuid IS NULL OR p.id = $only)
   ORDER BY p.name, p.id LIMIT $limit! OFFSET $offset!`;

const countAvailableProviders = sql<ICountAvailableProvidersQuery>`
  SELECT count(*)::int AS "total!" FROM memberships m JOIN providers p ON p.id = m.provider_id
   WHERE m.user_id = $userId! AND ($search::text IS NULL OR p.name ILIKE $search)
     AND ($only::uuid IS NULL OR p.id = $only)`;

const startingProvider = sql<Narrow<IStartingProviderQuery, Known>>`
  SELECT p.id, p.name, m.role FROM memberships m JOIN providers p ON p.id = m.provider_id
   WHERE m.user_id = $userId! ORDER BY (p.id = $primaryProviderId) DESC NULLS LAST, m.created_at LIMIT 1`;

const defaultProvider = sql<IDefaultProviderQuery>`
  SELECT p.id FROM memberships m JOIN providers p ON p.id = m.provider_id JOIN users u ON u.id = m.user_id
   WHERE m.user_id = $userId! ORDER BY (p.id = u.primary_provider_id) DESC NULLS LAST, m.created_at LIMIT 1`;

const oldestAdmin = sql<IOldestAdminQuery>`
  SELECT user_id AS "userId" FROM memberships WHERE provider_id = $providerId! AND role = 'admin'
   ORDER BY created_at LIMIT 1`;

const adminEmails = sql<IAdminEmailsQuery>`
  SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.provider_id = $providerId! AND m.role = 'admin' ORDER BY m.created_at`;

const peopleAmong = sql<IPeopleAmongQuery>`
  SELECT m.user_id AS id FROM memberships m
   WHERE m.provider_id = $providerId! AND m.user_id = ANY($userIds!::uuid[])
     AND m.role IN ('admin', 'scan_technician', 'member')`;

const profilesAmong = sql<IProfilesAmongQuery>`
  SELECT u.id AS "userId", trim(u.first_name || ' ' || u.last_name) AS "fullName!", u.email,
         u.phone_number AS "phoneNumber", NULL AS "avatarUrl"
    FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.provider_id = $providerId! AND m.role IN ('admin', 'scan_technician', 'member')
     AND (m.user_id = ANY($userIds!::uuid[]) OR ($admins!::boolean AND m.role = 'admin') OR $team!::boolean)
   ORDER BY u.first_name, u.last_name, u.id`;

const usersOf = sql<Narrow<IUsersOfQuery, Known>>`
  SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, m.role, u.color,
         false AS "hasAvatar!", NULL AS "avatarUrl",
         coalesce(u.primary_provider_id = m.provider_id, false) AS "isPrimaryProvider!"
    FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.provider_id = $providerId! ORDER BY u.last_name, u.first_name, u.id LIMIT $limit! OFFSET $offset!`;

const countUsersOf = sql<ICountUsersOfQuery>`
  SELECT count(*)::int AS "total!" FROM memberships WHERE provider_id = $providerId!`;

const joinTeam = sql<IJoinTeamQuery>`
  INSERT INTO memberships (user_id, provider_id, role, provider_client_id)
  VALUES ($userId!, $providerId!, $role!, $clientId)
  ON CONFLICT DO NOTHING RETURNING user_id AS "userId"`;

// A client's portal users: the provider's client users of that client.
const clientUsersOf = sql<IClientUsersOfQuery>`
  SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
         m.created_at AS "joinedAt", count(*) OVER ()::int AS "total!"
    FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.provider_id = $providerId! AND m.role = 'client_user' AND m.provider_client_id = $clientId!
   ORDER BY u.first_name, u.last_name, u.id LIMIT $limit! OFFSET $offset!`;

const countClientUsersOf = sql<ICountClientUsersOfQuery>`
  SELECT count(*)::int AS "total!" FROM memberships
   WHERE provider_id = $providerId! AND role = 'client_user' AND provider_client_id = $clientId!`;

// A client's portal users, locked: all of them end when the client does.
const lockClientUsers = sql<ILockClientUsersQuery>`
  SELECT user_id AS "userId" FROM memberships
   WHERE provider_id = $providerId! AND role = 'client_user' AND provider_client_id = $clientId!
   ORDER BY user_id FOR UPDATE`;

const lockClientUser = sql<ILockClientUserQuery>`
  SELECT user_id AS "userId" FROM memberships
   WHERE provider_id = $providerId! AND user_id = $userId! AND role = 'client_user'
     AND provider_client_id = $clientId! FOR UPDATE`;

const memberByEmail = sql<Narrow<IMemberByEmailQuery, Known>>`
  SELECT m.user_id AS "userId", m.role FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.provider_id = $providerId! AND lower(u.email) = lower($email!)`;

const lockAdmins = sql<ILockAdminsQuery>`
  SELECT user_id AS "userId" FROM memberships WHERE provider_id = $providerId! AND role = 'admin'
   ORDER BY user_id FOR UPDATE`;

const lockTeamMember = sql<Narrow<ILockTeamMemberQuery, Known>>`
  SELECT role FROM memberships WHERE provider_id = $providerId! AND user_id = $userId!
     AND role IN ('admin', 'scan_technician', 'member') FOR UPDATE`;

const setMembershipRole = sql<ISetMembershipRoleQuery>`
  UPDATE memberships SET role = $role! WHERE provider_id = $providerId! AND user_id = $userId!`;

const removeMembership = sql<IRemoveMembershipQuery>`
  DELETE FROM memberships WHERE provider_id = $providerId! AND user_id = $userId!`;

const teamOf = sql<Narrow<ITeamOfQuery, Known>>`
  SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email, m.role, u.color,
         m.created_at AS "joinedAt"
    FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.provider_id = $providerId! AND m.role IN ('admin', 'scan_technician', 'member')
   ORDER BY u.first_name, u.last_name, u.id LIMIT $limit! OFFSET $offset!`;

const teamMember = sql<Narrow<ITeamMemberQuery, Known>>`
  SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email, m.role, u.color,
         m.created_at AS "joinedAt"
    FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.provider_id = $providerId! AND m.user_id = $userId! AND m.role IN ('admin', 'scan_technician', 'member')`;

const countTeamOf = sql<ICountTeamOfQuery>`
  SELECT count(*)::int AS "total!" FROM memberships
   WHERE provider_id = $providerId! AND role IN ('admin', 'scan_technician', 'member')`;

/** The `memberships` table: who belongs to which provider, in which role (read with the provider's name). */
@Injectable()
export class MembershipsRepository {
  constructor(private readonly db: Database) {}

  async add(tx: Queryable, userId: string, providerId: string, role: MembershipRole): Promise<void> {
    await queryRows(tx, addMembership, { userId, providerId, role });
  }

  async exists(userId: string, providerId: string): Promise<boolean> {
    const row = await queryOne(this.db.dataSource, membershipExists, { userId, providerId });
    return row !== undefined;
  }

  /** The user's role in the provider, with its name; undefined when they do not belong to it. */
  find(userId: string, providerId: string, tx?: Queryable): Promise<MembershipProviderRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findMembership, { userId, providerId });
  }

  /** The providers a user belongs to, by name; `search` a LIKE pattern, `only` one provider's id (or null). */
  availableProviders(
    userId: string,
    search: string | null,
    only: string | null,
    limit: number,
    offset: number,
  ): Promise<Array<{ id: string; name: string }>> {
    return queryRows(this.db.dataSource, availableProviders, { userId, search, only, limit, offset });
  }

  async countAvailableProviders(userId: string, search: string | null, only: string | null): Promise<number> {
    const row = await queryOne(this.db.dataSource, countAvailableProviders, { userId, search, only });
    return row?.total ?? 0;
  }

  /** The provider a user starts in: the primary one (as the caller read it), else the oldest membership. */
  startingProvider(
    tx: Queryable,
    userId: string,
    primaryProviderId: string | null,
  ): Promise<MembershipProviderRow | undefined> {
    return queryOne(tx, startingProvider, { userId, primaryProviderId });
  }

  /** The user's default provider as their row says now: the primary one, else the oldest membership. */
  async defaultProvider(userId: string): Promise<string | undefined> {
    const row = await queryOne(this.db.dataSource, defaultProvider, { userId });
    return row?.id;
  }

  /** The provider's first admin, whom an impersonation acts as. */
  async oldestAdmin(tx: Queryable, providerId: string): Promise<string | undefined> {
    const row = await queryOne(tx, oldestAdmin, { providerId });
    return row?.userId;
  }

  /** The e-mail addresses of the provider's admins: who is told about the account's technical matters. */
  async adminEmails(providerId: string): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, adminEmails, { providerId });
    return found.map((row) => row.email);
  }

  /** Which of the users are the provider's people (its team: not its client users). */
  async peopleAmong(providerId: string, userIds: string[]): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, peopleAmong, { providerId, userIds });
    return found.map((row) => row.id);
  }

  /**
   * The profiles of the provider's people among the users (its team, not its client users), and of all its
   * admins, or all its people, when asked; by name. Identity stores no images, so the avatar is null (the player
   * shows its default).
   */
  profilesAmong(
    providerId: string,
    userIds: string[],
    also: { admins: boolean; team: boolean },
  ): Promise<PersonProfileRow[]> {
    return queryRows(this.db.dataSource, profilesAmong, { providerId, userIds, ...also });
  }

  /** The provider's users with their role, by name. */
  usersOf(providerId: string, limit: number, offset: number): Promise<ProviderUserRow[]> {
    return queryRows(this.db.dataSource, usersOf, { providerId, limit, offset });
  }

  async countUsersOf(providerId: string): Promise<number> {
    const row = await queryOne(this.db.dataSource, countUsersOf, { providerId });
    return row?.total ?? 0;
  }

  /** Makes the user a member with the role unless they already belong to the provider; whether it did. */
  /** Adds the membership (a client user's with its client) unless the person is in the provider already. */
  async join(
    tx: Queryable,
    userId: string,
    providerId: string,
    role: MembershipRole,
    clientId: string | null = null,
  ): Promise<boolean> {
    return (await queryRows(tx, joinTeam, { userId, providerId, role, clientId })).length > 0;
  }

  /** The membership of whoever has the email in the provider (any role), or undefined. */
  memberByEmail(tx: Queryable, providerId: string, email: string) {
    return queryOne(tx, memberByEmail, { providerId, email });
  }

  /** Locks the provider's admin memberships (so two changes cannot each leave the other as the last admin). */
  async lockAdmins(tx: Queryable, providerId: string): Promise<string[]> {
    return (await queryRows(tx, lockAdmins, { providerId })).map((row) => row.userId);
  }

  /** A member of the provider's team (not a client user), locked; undefined when there is none. */
  lockTeamMember(tx: Queryable, providerId: string, userId: string) {
    return queryOne(tx, lockTeamMember, { providerId, userId });
  }

  async setRole(tx: Queryable, providerId: string, userId: string, role: MembershipRole): Promise<void> {
    await queryAffected(tx, setMembershipRole, { providerId, userId, role });
  }

  /** A page of the client's portal users, each row carrying the total. */
  clientUsersOf(providerId: string, clientId: string, limit: number, offset: number) {
    return queryRows(this.db.dataSource, clientUsersOf, { providerId, clientId, limit, offset });
  }

  async countClientUsersOf(providerId: string, clientId: string): Promise<number> {
    return (await queryOne(this.db.dataSource, countClientUsersOf, { providerId, clientId }))?.total ?? 0;
  }

  /** The client's portal user, locked; undefined when the person is not one of that client's. */
  async lockClientUsers(tx: Queryable, providerId: string, clientId: string): Promise<string[]> {
    return (await queryRows(tx, lockClientUsers, { providerId, clientId })).map((row) => row.userId);
  }

  lockClientUser(tx: Queryable, providerId: string, clientId: string, userId: string) {
    return queryOne(tx, lockClientUser, { providerId, clientId, userId });
  }

  async remove(tx: Queryable, providerId: string, userId: string): Promise<void> {
    await queryAffected(tx, removeMembership, { providerId, userId });
  }

  /** The provider's team (admins, scan technicians, members: not client users), by name. */
  teamOf(providerId: string, limit: number, offset: number): Promise<TeamMemberRow[]> {
    return queryRows(this.db.dataSource, teamOf, { providerId, limit, offset });
  }

  /** One person of the team, as the team's list shows them. */
  teamMember(providerId: string, userId: string): Promise<TeamMemberRow | undefined> {
    return queryOne(this.db.dataSource, teamMember, { providerId, userId });
  }

  async countTeamOf(providerId: string): Promise<number> {
    const row = await queryOne(this.db.dataSource, countTeamOf, { providerId });
    return row?.total ?? 0;
  }
}
