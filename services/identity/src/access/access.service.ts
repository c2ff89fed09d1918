import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
import { ApiError, Database, likePattern, pageOf, type Caller, type Page } from '@tourly/platform';
import { hashSecret } from '../accounts/secrets';
import type { AvailableProvidersQuery } from './access.dto';

export interface ProviderAccess {
  id: string;
  name: string;
}

export interface CurrentProvider {
  currentProvider: ProviderAccess;
  role: MembershipRole;
}

/** Which providers a user may work in, and switching the session's current one (001 §7). */
@Injectable()
export class AccessService {
  constructor(private readonly db: Database) {}

  async availableProviders(caller: Caller, query: AvailableProvidersQuery): Promise<Page<ProviderAccess>> {
    const search = likePattern(query.search);
    const [rows, [{ total }]] = await Promise.all([
      this.db.dataSource.query(
        `SELECT p.id, p.name FROM memberships m JOIN providers p ON p.id = m.provider_id
          WHERE m.user_id = $1 AND ($2::text IS NULL OR p.name ILIKE $2)
          ORDER BY p.name, p.id LIMIT $3 OFFSET $4`,
        [caller.userId, search, query.pageSize, query.offset],
      ),
      this.db.dataSource.query(
        `SELECT count(*)::int AS total FROM memberships m JOIN providers p ON p.id = m.provider_id
          WHERE m.user_id = $1 AND ($2::text IS NULL OR p.name ILIKE $2)`,
        [caller.userId, search],
      ),
    ]);
    return pageOf(rows as ProviderAccess[], total as number, query);
  }

  /** A provider the caller is not a member of is "not found": its existence is not the caller's business. */
  async changeCurrentProvider(
    caller: Caller,
    sessionToken: string | undefined,
    providerId: string,
  ): Promise<CurrentProvider> {
    const [membership] = (await this.db.dataSource.query(
      `SELECT p.id, p.name, m.role FROM memberships m JOIN providers p ON p.id = m.provider_id
        WHERE m.user_id = $1 AND m.provider_id = $2`,
      [caller.userId, providerId],
    )) as Array<ProviderAccess & { role: MembershipRole }>;
    if (!membership) throw ApiError.notFound('Provider not found');
    await this.moveSession(caller, sessionToken, membership.id);
    return { currentProvider: { id: membership.id, name: membership.name }, role: membership.role };
  }

  async changeToDefaultProvider(caller: Caller, sessionToken: string | undefined): Promise<CurrentProvider> {
    const [membership] = (await this.db.dataSource.query(
      `SELECT p.id FROM memberships m JOIN providers p ON p.id = m.provider_id JOIN users u ON u.id = m.user_id
        WHERE m.user_id = $1 ORDER BY (p.id = u.primary_provider_id) DESC NULLS LAST, m.created_at LIMIT 1`,
      [caller.userId],
    )) as Array<{ id: string }>;
    if (!membership) throw ApiError.notFound('You are not a member of any provider yet.');
    return this.changeCurrentProvider(caller, sessionToken, membership.id);
  }

  private async moveSession(
    caller: Caller,
    sessionToken: string | undefined,
    providerId: string,
  ): Promise<void> {
    if (!sessionToken) throw ApiError.badRequest('Switching providers needs a browser session.');
    const updated = (await this.db.dataSource.query(
      `UPDATE sessions SET current_provider_id = $3
        WHERE token_hash = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [hashSecret(sessionToken), caller.userId, providerId],
    )) as unknown[][];
    if ((updated[0] ?? []).length === 0) throw ApiError.unauthorized();
  }
}
