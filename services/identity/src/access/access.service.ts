import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
import {
  ApiError,
  Database,
  IMPERSONATION_FORBIDDEN,
  likePattern,
  pageOf,
  type Caller,
  type Page,
} from '@tourly/platform';
import { refuseApiKeys } from '../accounts/api-key-limits';
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

  /** An admin impersonating a provider sees only that provider, whatever else its user belongs to. */
  async availableProviders(caller: Caller, query: AvailableProvidersQuery): Promise<Page<ProviderAccess>> {
    const search = likePattern(query.search);
    const only = caller.impersonatorId ? caller.providerId : null;
    const [rows, [{ total }]] = await Promise.all([
      this.db.dataSource.query(
        `SELECT p.id, p.name FROM memberships m JOIN providers p ON p.id = m.provider_id
          WHERE m.user_id = $1 AND ($2::text IS NULL OR p.name ILIKE $2) AND ($5::uuid IS NULL OR p.id = $5)
          ORDER BY p.name, p.id LIMIT $3 OFFSET $4`,
        [caller.userId, search, query.pageSize, query.offset, only],
      ),
      this.db.dataSource.query(
        `SELECT count(*)::int AS total FROM memberships m JOIN providers p ON p.id = m.provider_id
          WHERE m.user_id = $1 AND ($2::text IS NULL OR p.name ILIKE $2) AND ($3::uuid IS NULL OR p.id = $3)`,
        [caller.userId, search, only],
      ),
    ]);
    return pageOf(rows as ProviderAccess[], total as number, query);
  }

  /**
   * A provider the caller is not a member of is "not found": its existence is not the caller's business. An
   * impersonation stays in the provider it was started for; an API key in its own.
   */
  async changeCurrentProvider(
    caller: Caller,
    sessionToken: string | undefined,
    providerId: string,
  ): Promise<CurrentProvider> {
    refuseApiKeys(caller);
    if (caller.impersonatorId && providerId !== caller.providerId) {
      throw ApiError.forbidden(IMPERSONATION_FORBIDDEN);
    }
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
    refuseApiKeys(caller);
    // An impersonation's default is the provider it is of.
    if (caller.impersonatorId && caller.providerId) {
      return this.changeCurrentProvider(caller, sessionToken, caller.providerId);
    }
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
