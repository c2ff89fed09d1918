import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type { ProviderAddresses } from '@tourly/contracts';
import type {
  ICountProvidersQuery,
  ICreateProviderQuery,
  IFindProviderByIdQuery,
  IFindProviderByIdResult,
  IFindProviderByNameQuery,
  ILockProviderQuery,
  IProviderAddressesQuery,
  IProviderCreatedAtQuery,
  IProviderExistsQuery,
  IProviderSettingsQuery,
  IProviderSettingsResult,
  IProviderSummaryQuery,
  IProviderSummaryResult,
  ISearchProvidersQuery,
  ISetAutoPopulateModelsQuery,
  ISetProviderSubdomainQuery,
  ISetProviderTagQuery,
} from './providers.repository.types';

export type ProviderRow = IFindProviderByIdResult;

export type ProviderSummaryRow = IProviderSummaryResult;

export type ProviderSettingsRow = IProviderSettingsResult;

const createProvider = sql<ICreateProviderQuery>`
  INSERT INTO providers (id, name, subdomain) VALUES ($id!, $name!, $subdomain)`;

const findProviderById = sql<IFindProviderByIdQuery>`SELECT id, name FROM providers WHERE id = $id!`;

const findProviderByName = sql<IFindProviderByNameQuery>`
  SELECT id FROM providers WHERE name = $name! LIMIT 1`;

const providerExists = sql<IProviderExistsQuery>`SELECT 1 AS "found!" FROM providers WHERE id = $id!`;

const lockProvider = sql<ILockProviderQuery>`SELECT 1 AS "found!" FROM providers WHERE id = $id! FOR UPDATE`;

const providerCreatedAt = sql<IProviderCreatedAtQuery>`
  SELECT created_at AS "createdAt" FROM providers WHERE id = $id!`;

// A provider without an active white-label domain has none: the joined domain may be null.
const providerAddresses = sql<IProviderAddressesQuery>`
  SELECT p.name, p.subdomain, d.subdomain AS "whitelabelDomain?"
    FROM providers p LEFT JOIN whitelabeled_domains d ON d.provider_id = p.id AND d.status = 'active'
   WHERE p.id = $id!`;

// `search`: a LIKE pattern on the name or subdomain (null: any); `tag`: the exact tag (null: any).
const searchProviders = sql<ISearchProvidersQuery>`
  SELECT id, name, subdomain, tag, created_at AS "createdAt" FROM providers
   WHERE ($search::text IS NULL OR name ILIKE $search OR subdomain ILIKE $search)
     AND ($tag::text IS NULL OR tag = $tag)
   ORDER BY name, id LIMIT $limit! OFFSET $offset!`;

const countProviders = sql<ICountProvidersQuery>`
  SELECT count(*)::int AS "total!" FROM providers
   WHERE ($search::text IS NULL OR name ILIKE $search OR subdomain ILIKE $search)
     AND ($tag::text IS NULL OR tag = $tag)`;

const providerSummary = sql<IProviderSummaryQuery>`
  SELECT id, name, subdomain, tag, created_at AS "createdAt" FROM providers WHERE id = $id!`;

// The old value read under the row's lock, in the same statement as the change.
const setProviderTag = sql<ISetProviderTagQuery>`
  WITH old AS (SELECT id, tag FROM providers WHERE id = $id! FOR UPDATE)
  UPDATE providers p SET tag = $tag FROM old WHERE p.id = old.id RETURNING old.tag AS before`;

const providerSettings = sql<IProviderSettingsQuery>`
  SELECT id, name, logo_url AS "logoUrl", subdomain, auto_populate_models AS "autoPopulateModels"
    FROM providers WHERE id = $id!`;

const setProviderSubdomain = sql<ISetProviderSubdomainQuery>`
  UPDATE providers SET subdomain = $subdomain! WHERE id = $id!`;

const setAutoPopulateModels = sql<ISetAutoPopulateModelsQuery>`
  UPDATE providers SET auto_populate_models = $enabled! WHERE id = $id! AND auto_populate_models <> $enabled!`;

/** The `providers` table. */
@Injectable()
export class ProvidersRepository {
  constructor(private readonly db: Database) {}

  async create(tx: Queryable, provider: { id: string; name: string; subdomain?: string }): Promise<void> {
    await queryRows(tx, createProvider, {
      id: provider.id,
      name: provider.name,
      subdomain: provider.subdomain ?? null,
    });
  }

  findById(tx: Queryable, id: string): Promise<ProviderRow | undefined> {
    return queryOne(tx, findProviderById, { id });
  }

  /** A provider of that name (the demo seed finds its own this way). */
  findByName(tx: Queryable, name: string): Promise<{ id: string } | undefined> {
    return queryOne(tx, findProviderByName, { name });
  }

  async exists(id: string): Promise<boolean> {
    return (await queryOne(this.db.dataSource, providerExists, { id })) !== undefined;
  }

  /** Holds the provider's row until the transaction ends: whoever else locks it waits their turn. */
  async lockForUpdate(tx: Queryable, id: string): Promise<void> {
    await queryRows(tx, lockProvider, { id });
  }

  async createdAt(id: string): Promise<Date | undefined> {
    const row = await queryOne(this.db.dataSource, providerCreatedAt, { id });
    return row?.createdAt;
  }

  /** The provider's name, its subdomain and its white-label domain while active (none: undefined). */
  addresses(id: string): Promise<ProviderAddresses | undefined> {
    return queryOne(this.db.dataSource, providerAddresses, { id });
  }

  /** `search`: a LIKE pattern on the name or subdomain, or null for all; `tag`: that tag exactly, or null for all. */
  search(
    filter: { search: string | null; tag: string | null },
    limit: number,
    offset: number,
  ): Promise<ProviderSummaryRow[]> {
    return queryRows(this.db.dataSource, searchProviders, { ...filter, limit, offset });
  }

  async count(filter: { search: string | null; tag: string | null }): Promise<number> {
    const row = await queryOne(this.db.dataSource, countProviders, filter);
    return row?.total ?? 0;
  }

  /** One provider as the console's list shows it. */
  summary(tx: Queryable, id: string): Promise<ProviderSummaryRow | undefined> {
    return queryOne(tx, providerSummary, { id });
  }

  /** Sets the provider's tag (null: none); the tag it had, or undefined for an unknown provider. */
  setTag(tx: Queryable, id: string, tag: string | null): Promise<{ before: string | null } | undefined> {
    return queryOne(tx, setProviderTag, { id, tag });
  }

  settings(id: string): Promise<ProviderSettingsRow | undefined> {
    return queryOne(this.db.dataSource, providerSettings, { id });
  }

  /** Fails with the unique violation (23505) when another provider has the subdomain. */
  async setSubdomain(id: string, subdomain: string): Promise<void> {
    await queryAffected(this.db.dataSource, setProviderSubdomain, { id, subdomain });
  }

  /** Whether it changed (it was not already so). */
  async setAutoPopulateModels(tx: Queryable, id: string, enabled: boolean): Promise<boolean> {
    const changed = await queryAffected(tx, setAutoPopulateModels, { id, enabled });
    return changed > 0;
  }
}
