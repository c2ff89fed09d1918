import { Injectable } from '@nestjs/common';
import {
  ApiError,
  IMPERSONATION_FORBIDDEN,
  likePattern,
  pageOf,
  type Caller,
  type Page,
} from '@tourly/platform';
import type { ProviderRef } from '../accounts/accounts.dto';
import { refuseApiKeys } from '../accounts/api-key-limits';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { SessionsService } from '../sessions/sessions.service';
import type { AvailableProvidersQuery, CurrentProviderResponse } from './access.dto';

/** Which providers a user may work in, and switching the session's current one (001 §7). */
@Injectable()
export class AccessService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly sessions: SessionsService,
  ) {}

  /** An admin impersonating a provider sees only that provider, whatever else its user belongs to. */
  async availableProviders(caller: Caller, query: AvailableProvidersQuery): Promise<Page<ProviderRef>> {
    const userId = caller.userId as string;
    const search = likePattern(query.search);
    const only = caller.impersonatorId ? caller.providerId : null;
    const [items, total] = await Promise.all([
      this.memberships.availableProviders(userId, search, only, query.pageSize, query.offset),
      this.memberships.countAvailableProviders(userId, search, only),
    ]);
    return pageOf(items, total, query);
  }

  /**
   * A provider the caller is not a member of is "not found": its existence is not the caller's business. An
   * impersonation stays in the provider it was started for; an API key in its own.
   */
  async changeCurrentProvider(
    caller: Caller,
    sessionToken: string | undefined,
    providerId: string,
  ): Promise<CurrentProviderResponse> {
    refuseApiKeys(caller);
    if (caller.impersonatorId && providerId !== caller.providerId) {
      throw ApiError.forbidden(IMPERSONATION_FORBIDDEN);
    }
    const membership = await this.memberships.find(caller.userId as string, providerId);
    if (!membership) throw ApiError.notFound('Provider not found');
    await this.moveSession(caller, sessionToken, membership.id);
    return { currentProvider: { id: membership.id, name: membership.name }, role: membership.role };
  }

  async changeToDefaultProvider(
    caller: Caller,
    sessionToken: string | undefined,
  ): Promise<CurrentProviderResponse> {
    refuseApiKeys(caller);
    // An impersonation's default is the provider it is of.
    if (caller.impersonatorId && caller.providerId) {
      return this.changeCurrentProvider(caller, sessionToken, caller.providerId);
    }
    const providerId = await this.memberships.defaultProvider(caller.userId as string);
    if (!providerId) throw ApiError.notFound('You are not a member of any provider yet.');
    return this.changeCurrentProvider(caller, sessionToken, providerId);
  }

  private async moveSession(
    caller: Caller,
    sessionToken: string | undefined,
    providerId: string,
  ): Promise<void> {
    if (!sessionToken) throw ApiError.badRequest('Switching providers needs a browser session.');
    if (!(await this.sessions.moveSession(sessionToken, caller.userId as string, providerId))) {
      throw ApiError.unauthorized();
    }
  }
}
