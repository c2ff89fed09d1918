import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
import { ApiError, Database, pageOf, type Page, type PageQuery } from '@tourly/platform';
import { ApiKeysService, type ApiKeySummary } from '../api-keys/api-keys.service';
import { DomainsService, type DomainState } from '../domains/domains.service';

/** Names that would clash with the product's own hosts. */
const RESERVED_SUBDOMAINS = new Set([
  'www',
  'api',
  'app',
  'admin',
  'assets',
  'static',
  'mail',
  'tours',
  'help',
  'status',
]);

export interface ProviderSettings {
  id: string;
  name: string;
  logoUrl: string | null;
  subdomain: string | null;
  autoPopulateModels: boolean;
  /** The key in force (its hint, never the key), or null. */
  apiKey: ApiKeySummary | null;
  whitelabelDomain: DomainState;
}

export interface ProviderUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: MembershipRole;
  color: string;
  hasAvatar: boolean;
  avatarUrl: string | null;
  /** This provider is where the user starts after signing in. */
  isPrimaryProvider: boolean;
}

/** A provider's own settings (001 §7). */
@Injectable()
export class SettingsService {
  constructor(
    private readonly db: Database,
    private readonly apiKeys: ApiKeysService,
    private readonly domains: DomainsService,
  ) {}

  async settings(providerId: string): Promise<ProviderSettings> {
    const [row] = (await this.db.dataSource.query(
      `SELECT id, name, logo_url AS "logoUrl", subdomain, auto_populate_models AS "autoPopulateModels"
         FROM providers WHERE id = $1`,
      [providerId],
    )) as Array<Omit<ProviderSettings, 'apiKey' | 'whitelabelDomain'>>;
    if (!row) throw ApiError.notFound('Provider not found');
    const [apiKey, whitelabelDomain] = await Promise.all([
      this.apiKeys.current(providerId),
      this.domains.current(providerId),
    ]);
    return { ...row, apiKey, whitelabelDomain };
  }

  async changeSubdomain(providerId: string, subdomain: string): Promise<ProviderSettings> {
    if (RESERVED_SUBDOMAINS.has(subdomain))
      throw ApiError.invalid('subdomain', 'is reserved; please choose another');
    try {
      await this.db.dataSource.query('UPDATE providers SET subdomain = $2 WHERE id = $1', [
        providerId,
        subdomain,
      ]);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw ApiError.invalid('subdomain', 'is already taken; please choose another');
      }
      throw error;
    }
    return this.settings(providerId);
  }

  async setAutoPopulateModels(providerId: string, enabled: boolean): Promise<ProviderSettings> {
    await this.db.dataSource.query('UPDATE providers SET auto_populate_models = $2 WHERE id = $1', [
      providerId,
      enabled,
    ]);
    return this.settings(providerId);
  }

  async users(providerId: string, query: PageQuery): Promise<Page<ProviderUser>> {
    const [rows, [{ total }]] = await Promise.all([
      this.db.dataSource.query(
        `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, m.role, u.color,
                false AS "hasAvatar", NULL AS "avatarUrl",
                coalesce(u.primary_provider_id = m.provider_id, false) AS "isPrimaryProvider"
           FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.provider_id = $1 ORDER BY u.last_name, u.first_name, u.id LIMIT $2 OFFSET $3`,
        [providerId, query.pageSize, query.offset],
      ),
      this.db.dataSource.query('SELECT count(*)::int AS total FROM memberships WHERE provider_id = $1', [
        providerId,
      ]),
    ]);
    return pageOf(rows as ProviderUser[], total as number, query);
  }
}
