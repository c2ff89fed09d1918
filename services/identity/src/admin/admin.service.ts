import { Injectable } from '@nestjs/common';
import { ApiError, Database, likePattern, pageOf, type Page, type PageQuery } from '@tourly/platform';
import { SettingsService, type ProviderUser } from '../settings/settings.service';
import type { ProvidersQuery } from './admin.dto';

export interface ProviderSummary {
  id: string;
  name: string;
  subdomain: string | null;
  createdAt: string;
}

/** What the admin console needs about providers and their users (002 §7). */
@Injectable()
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** The impersonation picker's source: search by name or subdomain. */
  async providers(query: ProvidersQuery): Promise<Page<ProviderSummary>> {
    const search = likePattern(query.search);
    const where = '($1::text IS NULL OR name ILIKE $1 OR subdomain ILIKE $1)';
    const [rows, [{ total }]] = await Promise.all([
      this.db.dataSource.query(
        `SELECT id, name, subdomain, created_at AS "createdAt" FROM providers WHERE ${where}
          ORDER BY name, id LIMIT $2 OFFSET $3`,
        [search, query.pageSize, query.offset],
      ),
      this.db.dataSource.query(`SELECT count(*)::int AS total FROM providers WHERE ${where}`, [search]),
    ]);
    const items = (rows as Array<ProviderSummary & { createdAt: Date }>).map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    }));
    return pageOf(items, total as number, query);
  }

  async providerUsers(providerId: string, query: PageQuery): Promise<Page<ProviderUser>> {
    const [provider] = (await this.db.dataSource.query('SELECT 1 FROM providers WHERE id = $1', [
      providerId,
    ])) as unknown[];
    if (!provider) throw ApiError.notFound('Provider not found');
    return this.settings.users(providerId, query);
  }

  /** A user's primary provider must be one they belong to. */
  async changePrimaryProvider(userId: string, providerId: string) {
    const [user] = (await this.db.dataSource.query('SELECT id FROM users WHERE id = $1', [
      userId,
    ])) as unknown[];
    if (!user) throw ApiError.notFound('User not found');
    const [membership] = (await this.db.dataSource.query(
      'SELECT 1 FROM memberships WHERE user_id = $1 AND provider_id = $2',
      [userId, providerId],
    )) as unknown[];
    if (!membership)
      throw ApiError.invalid('user.primaryProviderId', 'must be a provider the user belongs to');
    await this.db.dataSource.query('UPDATE users SET primary_provider_id = $2 WHERE id = $1', [
      userId,
      providerId,
    ]);
    return { id: userId, primaryProviderId: providerId };
  }
}
