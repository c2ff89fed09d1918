import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
import { Database, one, rows, type Queryable } from '@tourly/platform';

export interface MembershipProviderRow {
  id: string;
  name: string;
  role: MembershipRole;
}

export interface PersonProfileRow {
  userId: string;
  fullName: string;
  email: string;
  phoneNumber: string | null;
  avatarUrl: string | null;
}

export interface ProviderUserRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: MembershipRole;
  color: string;
  hasAvatar: boolean;
  avatarUrl: string | null;
  isPrimaryProvider: boolean;
}

const AVAILABLE = `FROM memberships m JOIN providers p ON p.id = m.provider_id
  WHERE m.user_id = $1 AND ($2::text IS NULL OR p.name ILIKE $2)`;

/** The `memberships` table: who belongs to which provider, in which role (read with the provider's name). */
@Injectable()
export class MembershipsRepository {
  constructor(private readonly db: Database) {}

  async add(tx: Queryable, userId: string, providerId: string, role: MembershipRole): Promise<void> {
    await rows(tx, 'INSERT INTO memberships (user_id, provider_id, role) VALUES ($1, $2, $3)', [
      userId,
      providerId,
      role,
    ]);
  }

  async exists(userId: string, providerId: string): Promise<boolean> {
    const row = await one(
      this.db.dataSource,
      'SELECT 1 FROM memberships WHERE user_id = $1 AND provider_id = $2',
      [userId, providerId],
    );
    return row !== undefined;
  }

  /** The user's role in the provider, with its name; undefined when they do not belong to it. */
  find(userId: string, providerId: string): Promise<MembershipProviderRow | undefined> {
    return one<MembershipProviderRow>(
      this.db.dataSource,
      `SELECT p.id, p.name, m.role FROM memberships m JOIN providers p ON p.id = m.provider_id
        WHERE m.user_id = $1 AND m.provider_id = $2`,
      [userId, providerId],
    );
  }

  /** The providers a user belongs to, by name; `search` a LIKE pattern, `only` one provider's id (or null). */
  availableProviders(
    userId: string,
    search: string | null,
    only: string | null,
    limit: number,
    offset: number,
  ): Promise<Array<{ id: string; name: string }>> {
    return rows<{ id: string; name: string }>(
      this.db.dataSource,
      `SELECT p.id, p.name ${AVAILABLE} AND ($5::uuid IS NULL OR p.id = $5)
          ORDER BY p.name, p.id LIMIT $3 OFFSET $4`,
      [userId, search, limit, offset, only],
    );
  }

  async countAvailableProviders(userId: string, search: string | null, only: string | null): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      `SELECT count(*)::int AS total ${AVAILABLE} AND ($3::uuid IS NULL OR p.id = $3)`,
      [userId, search, only],
    );
    return row?.total ?? 0;
  }

  /** The provider a user starts in: the primary one (as the caller read it), else the oldest membership. */
  startingProvider(
    tx: Queryable,
    userId: string,
    primaryProviderId: string | null,
  ): Promise<MembershipProviderRow | undefined> {
    return one<MembershipProviderRow>(
      tx,
      `SELECT p.id, p.name, m.role FROM memberships m JOIN providers p ON p.id = m.provider_id
        WHERE m.user_id = $1 ORDER BY (p.id = $2) DESC NULLS LAST, m.created_at LIMIT 1`,
      [userId, primaryProviderId],
    );
  }

  /** The user's default provider as their row says now: the primary one, else the oldest membership. */
  async defaultProvider(userId: string): Promise<string | undefined> {
    const row = await one<{ id: string }>(
      this.db.dataSource,
      `SELECT p.id FROM memberships m JOIN providers p ON p.id = m.provider_id JOIN users u ON u.id = m.user_id
        WHERE m.user_id = $1 ORDER BY (p.id = u.primary_provider_id) DESC NULLS LAST, m.created_at LIMIT 1`,
      [userId],
    );
    return row?.id;
  }

  /** The provider's first admin, whom an impersonation acts as. */
  async oldestAdmin(tx: Queryable, providerId: string): Promise<string | undefined> {
    const row = await one<{ userId: string }>(
      tx,
      `SELECT user_id AS "userId" FROM memberships WHERE provider_id = $1 AND role = 'admin'
        ORDER BY created_at LIMIT 1`,
      [providerId],
    );
    return row?.userId;
  }

  /** The e-mail addresses of the provider's admins: who is told about the account's technical matters. */
  async adminEmails(providerId: string): Promise<string[]> {
    const found = await rows<{ email: string }>(
      this.db.dataSource,
      `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.provider_id = $1 AND m.role = 'admin' ORDER BY m.created_at`,
      [providerId],
    );
    return found.map((row) => row.email);
  }

  /** Which of the users are the provider's people (its team: not its client users). */
  async peopleAmong(providerId: string, userIds: string[]): Promise<string[]> {
    const found = await rows<{ id: string }>(
      this.db.dataSource,
      `SELECT m.user_id AS id FROM memberships m
        WHERE m.provider_id = $1 AND m.user_id = ANY($2::uuid[])
          AND m.role IN ('admin', 'scan_technician', 'member')`,
      [providerId, userIds],
    );
    return found.map((row) => row.id);
  }

  /**
   * The profiles of the provider's people among the users (its team, not its client users), and of all its
   * admins when asked; by name. Identity stores no images, so the avatar is null (the player shows its default).
   */
  profilesAmong(providerId: string, userIds: string[], admins: boolean): Promise<PersonProfileRow[]> {
    return rows<PersonProfileRow>(
      this.db.dataSource,
      `SELECT u.id AS "userId", trim(u.first_name || ' ' || u.last_name) AS "fullName", u.email,
              u.phone_number AS "phoneNumber", NULL AS "avatarUrl"
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.provider_id = $1 AND m.role IN ('admin', 'scan_technician', 'member')
          AND (m.user_id = ANY($2::uuid[]) OR ($3::boolean AND m.role = 'admin'))
        ORDER BY u.first_name, u.last_name, u.id`,
      [providerId, userIds, admins],
    );
  }

  /** The provider's users with their role, by name. */
  usersOf(providerId: string, limit: number, offset: number): Promise<ProviderUserRow[]> {
    return rows<ProviderUserRow>(
      this.db.dataSource,
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, m.role, u.color,
              false AS "hasAvatar", NULL AS "avatarUrl",
              coalesce(u.primary_provider_id = m.provider_id, false) AS "isPrimaryProvider"
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.provider_id = $1 ORDER BY u.last_name, u.first_name, u.id LIMIT $2 OFFSET $3`,
      [providerId, limit, offset],
    );
  }

  async countUsersOf(providerId: string): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      'SELECT count(*)::int AS total FROM memberships WHERE provider_id = $1',
      [providerId],
    );
    return row?.total ?? 0;
  }
}
