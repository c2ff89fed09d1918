import { Injectable } from '@nestjs/common';
import {
  ApiError,
  Database,
  EventBus,
  pageOf,
  type Page,
  type PageQuery,
  isUniqueViolation,
} from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { ProvidersRepository } from '../accounts/providers.repository';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { DomainsService } from '../domains/domains.service';
import type { ProviderSettingsResponse, ProviderUserResponse } from './settings.dto';
import { isReservedSubdomain } from './settings.rules';

/** A provider's own settings (001 §7). */
@Injectable()
export class SettingsService {
  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
    private readonly providers: ProvidersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly apiKeys: ApiKeysService,
    private readonly domains: DomainsService,
  ) {}

  async settings(providerId: string): Promise<ProviderSettingsResponse> {
    const row = await this.providers.settings(providerId);
    if (!row) throw ApiError.notFound('Provider not found');
    const [apiKey, whitelabelDomain] = await Promise.all([
      this.apiKeys.current(providerId),
      this.domains.current(providerId),
    ]);
    return { ...row, apiKey, whitelabelDomain };
  }

  async changeSubdomain(providerId: string, subdomain: string): Promise<ProviderSettingsResponse> {
    if (isReservedSubdomain(subdomain))
      throw ApiError.invalid('subdomain', 'is reserved; please choose another');
    try {
      await this.providers.setSubdomain(providerId, subdomain);
    } catch (error) {
      if (isUniqueViolation(error))
        throw ApiError.invalid('subdomain', 'is already taken; please choose another');
      throw error;
    }
    return this.settings(providerId);
  }

  /** Properties hears of it and creates properties for the models of the provider's Matterport account. */
  async setAutoPopulateModels(providerId: string, enabled: boolean): Promise<ProviderSettingsResponse> {
    await this.db.transaction(async (tx) => {
      if (!(await this.providers.setAutoPopulateModels(tx, providerId, enabled))) return;
      await this.events.publish(
        'identity.provider.auto_populate_models_changed.v1',
        { providerId, enabled },
        tx,
      );
    });
    return this.settings(providerId);
  }

  async users(providerId: string, query: PageQuery): Promise<Page<ProviderUserResponse>> {
    const [items, total] = await Promise.all([
      this.memberships.usersOf(providerId, query.pageSize, query.offset),
      this.memberships.countUsersOf(providerId),
    ]);
    return pageOf(items, total, query);
  }
}
