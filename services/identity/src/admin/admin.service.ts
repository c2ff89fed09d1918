import { Injectable } from '@nestjs/common';
import {
  ApiError,
  Database,
  likePattern,
  pageOf,
  pageWithTotal,
  type Caller,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { ProvidersRepository, type ProviderSummaryRow } from '../accounts/providers.repository';
import { UsersRepository } from '../accounts/users.repository';
import { primaryProviderChanges, tagChange } from '../admin-changes/admin-changes.rules';
import { AdminChangesService } from '../admin-changes/admin-changes.service';
import type { ProviderUserResponse } from '../settings/settings.dto';
import { SettingsService } from '../settings/settings.service';
import type {
  ContactResponse,
  ContactsQuery,
  PrimaryProviderResponse,
  ProviderSummaryResponse,
  ProvidersQuery,
  UpdateTag,
} from './admin.dto';
import { tagOf } from './admin.rules';

/**
 * What the admin console needs about providers and their users (002 §7). What it changes on a provider's records
 * (its tag, a user's primary provider) goes in the provider's audit trail in the same transaction.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly providersTable: ProvidersRepository,
    private readonly users: UsersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly settings: SettingsService,
    private readonly adminChanges: AdminChangesService,
  ) {}

  /** The console's list and the impersonation picker's source: search by name or subdomain, filter by tag. */
  async providers(query: ProvidersQuery): Promise<Page<ProviderSummaryResponse>> {
    const filter = { search: likePattern(query.search), tag: query.tag || null };
    const [rows, total] = await Promise.all([
      this.providersTable.search(filter, query.pageSize, query.offset),
      this.providersTable.count(filter),
    ]);
    return pageOf(rows.map(toSummary), total, query);
  }

  async provider(providerId: string): Promise<ProviderSummaryResponse> {
    const row = await this.providersTable.summary(this.db.dataSource, providerId);
    if (!row) throw ApiError.notFound('Provider not found');
    return toSummary(row);
  }

  /** Puts the admin's label on a provider (null or blank: takes it off), recorded in its trail when it changed. */
  async updateTag(admin: Caller, request: UpdateTag): Promise<ProviderSummaryResponse> {
    const read = tagOf(request.tag);
    if ('problem' in read) throw ApiError.invalid('tag', read.problem);
    const adminId = adminIdOf(admin);
    return this.db.transaction(async (tx) => {
      const set = await this.providersTable.setTag(tx, request.providerId, read.tag);
      if (!set) throw ApiError.notFound('Provider not found');
      const change = tagChange(set.before, read.tag);
      if (change) {
        await this.adminChanges.record(tx, {
          providerId: request.providerId,
          adminId,
          action: 'tag.changed',
          ...change,
        });
      }
      const row = await this.providersTable.summary(tx, request.providerId);
      return toSummary(row!);
    });
  }

  async providerUsers(providerId: string, query: PageQuery): Promise<Page<ProviderUserResponse>> {
    if (!(await this.providersTable.exists(providerId))) throw ApiError.notFound('Provider not found');
    return this.settings.users(providerId, query);
  }

  /**
   * A user's primary provider must be one they belong to. The change goes in the trail of the new primary provider
   * and of the old one while the user still belongs to it (`primaryProviderChanges`), in the same transaction.
   */
  async changePrimaryProvider(
    admin: Caller,
    userId: string,
    providerId: string,
  ): Promise<PrimaryProviderResponse> {
    const adminId = adminIdOf(admin);
    return this.db.transaction(async (tx) => {
      const user = await this.users.lockPrimaryProvider(tx, userId);
      if (!user) throw ApiError.notFound('User not found');
      const target = await this.memberships.find(userId, providerId);
      if (!target) throw ApiError.invalid('user.primaryProviderId', 'must be a provider the user belongs to');
      const old = user.primaryProviderId
        ? await this.providersTable.findById(tx, user.primaryProviderId)
        : undefined;
      await this.users.setPrimaryProvider(tx, userId, providerId);
      const changes = primaryProviderChanges({
        userEmail: user.email,
        before: old ? { ...old, stillMember: await this.memberships.exists(userId, old.id) } : null,
        after: { id: target.id, name: target.name },
      });
      for (const change of changes) {
        await this.adminChanges.record(tx, { ...change, adminId, action: 'primary_provider.changed' });
      }
      return { id: userId, primaryProviderId: providerId };
    });
  }

  /** The people a searchable select offers: by name, searched on name and email, optionally one provider's. */
  async contacts(query: ContactsQuery): Promise<Page<ContactResponse>> {
    const filter = { search: likePattern(query.search), providerId: query.providerId ?? null };
    return pageWithTotal(await this.users.contacts(filter, query.pageSize, query.offset), query, () =>
      this.users.countContacts(filter),
    );
  }
}

function toSummary(row: ProviderSummaryRow): ProviderSummaryResponse {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The platform admin making a change (the route lets only signed-in platform admins in). */
function adminIdOf(caller: Caller): string {
  if (!caller.userId) throw ApiError.unauthorized();
  return caller.userId;
}
