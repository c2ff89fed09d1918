import { Injectable } from '@nestjs/common';
import { ApiError, likePattern, pageOf, type Page, type PageQuery } from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { ProvidersRepository } from '../accounts/providers.repository';
import { UsersRepository } from '../accounts/users.repository';
import type { ProviderUserResponse } from '../settings/settings.dto';
import { SettingsService } from '../settings/settings.service';
import type { PrimaryProviderResponse, ProviderSummaryResponse, ProvidersQuery } from './admin.dto';

/** What the admin console needs about providers and their users (002 §7). */
@Injectable()
export class AdminService {
  constructor(
    private readonly providersTable: ProvidersRepository,
    private readonly users: UsersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly settings: SettingsService,
  ) {}

  /** The impersonation picker's source: search by name or subdomain. */
  async providers(query: ProvidersQuery): Promise<Page<ProviderSummaryResponse>> {
    const search = likePattern(query.search);
    const [rows, total] = await Promise.all([
      this.providersTable.search(search, query.pageSize, query.offset),
      this.providersTable.count(search),
    ]);
    const items = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return pageOf(items, total, query);
  }

  async providerUsers(providerId: string, query: PageQuery): Promise<Page<ProviderUserResponse>> {
    if (!(await this.providersTable.exists(providerId))) throw ApiError.notFound('Provider not found');
    return this.settings.users(providerId, query);
  }

  /** A user's primary provider must be one they belong to. */
  async changePrimaryProvider(userId: string, providerId: string): Promise<PrimaryProviderResponse> {
    if (!(await this.users.exists(userId))) throw ApiError.notFound('User not found');
    if (!(await this.memberships.exists(userId, providerId)))
      throw ApiError.invalid('user.primaryProviderId', 'must be a provider the user belongs to');
    await this.users.setPrimaryProvider(userId, providerId);
    return { id: userId, primaryProviderId: providerId };
  }
}
