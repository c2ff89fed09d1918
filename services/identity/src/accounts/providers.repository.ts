import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';
import type { ProviderAddresses } from '@tourly/contracts';

export interface ProviderRow {
  id: string;
  name: string;
}

export interface ProviderSummaryRow {
  id: string;
  name: string;
  subdomain: string | null;
  tag: string | null;
  createdAt: Date;
}

export interface ProviderSettingsRow {
  id: string;
  name: string;
  logoUrl: string | null;
  subdomain: string | null;
  autoPopulateModels: boolean;
}

/** `$1`: a LIKE pattern on the name or subdomain (null: any); `$2`: the exact tag (null: any). */
const FILTER = '($1::text IS NULL OR name ILIKE $1 OR subdomain ILIKE $1) AND ($2::text IS NULL OR tag = $2)';
const SUMMARY = 'id, name, subdomain, tag, created_at AS "createdAt"';

/** The `providers` table. */
@Injectable()
export class ProvidersRepository {
  constructor(private readonly db: Database) {}

  async create(tx: Queryable, provider: { id: string; name: string; subdomain?: string }): Promise<void> {
    await rows(tx, 'INSERT INTO providers (id, name, subdomain) VALUES ($1, $2, $3)', [
      provider.id,
      provider.name,
      provider.subdomain ?? null,
    ]);
  }

  findById(tx: Queryable, id: string): Promise<ProviderRow | undefined> {
    return one<ProviderRow>(tx, 'SELECT id, name FROM providers WHERE id = $1', [id]);
  }

  /** A provider of that name (the demo seed finds its own this way). */
  findByName(tx: Queryable, name: string): Promise<{ id: string } | undefined> {
    return one<{ id: string }>(tx, 'SELECT id FROM providers WHERE name = $1 LIMIT 1', [name]);
  }

  async exists(id: string): Promise<boolean> {
    return (await one(this.db.dataSource, 'SELECT 1 FROM providers WHERE id = $1', [id])) !== undefined;
  }

  /** Holds the provider's row until the transaction ends: whoever else locks it waits their turn. */
  async lockForUpdate(tx: Queryable, id: string): Promise<void> {
    await rows(tx, 'SELECT 1 FROM providers WHERE id = $1 FOR UPDATE', [id]);
  }

  async createdAt(id: string): Promise<Date | undefined> {
    const row = await one<{ createdAt: Date }>(
      this.db.dataSource,
      'SELECT created_at AS "createdAt" FROM providers WHERE id = $1',
      [id],
    );
    return row?.createdAt;
  }

  /** The provider's name, its subdomain and its white-label domain while active (none: undefined). */
  addresses(id: string): Promise<ProviderAddresses | undefined> {
    return one<ProviderAddresses>(
      this.db.dataSource,
      `SELECT p.name, p.subdomain, d.subdomain AS "whitelabelDomain"
         FROM providers p LEFT JOIN whitelabeled_domains d ON d.provider_id = p.id AND d.status = 'active'
        WHERE p.id = $1`,
      [id],
    );
  }

  /** `search`: a LIKE pattern on the name or subdomain, or null for all; `tag`: that tag exactly, or null for all. */
  search(
    filter: { search: string | null; tag: string | null },
    limit: number,
    offset: number,
  ): Promise<ProviderSummaryRow[]> {
    return rows<ProviderSummaryRow>(
      this.db.dataSource,
      `SELECT ${SUMMARY} FROM providers WHERE ${FILTER} ORDER BY name, id LIMIT $3 OFFSET $4`,
      [filter.search, filter.tag, limit, offset],
    );
  }

  async count(filter: { search: string | null; tag: string | null }): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      `SELECT count(*)::int AS total FROM providers WHERE ${FILTER}`,
      [filter.search, filter.tag],
    );
    return row?.total ?? 0;
  }

  /** One provider as the console's list shows it. */
  summary(tx: Queryable, id: string): Promise<ProviderSummaryRow | undefined> {
    return one<ProviderSummaryRow>(tx, `SELECT ${SUMMARY} FROM providers WHERE id = $1`, [id]);
  }

  /** Sets the provider's tag (null: none); the tag it had, or undefined for an unknown provider. */
  setTag(tx: Queryable, id: string, tag: string | null): Promise<{ before: string | null } | undefined> {
    // The old value read under the row's lock, in the same statement as the change.
    return one<{ before: string | null }>(
      tx,
      `WITH old AS (SELECT id, tag FROM providers WHERE id = $1 FOR UPDATE)
       UPDATE providers p SET tag = $2 FROM old WHERE p.id = old.id RETURNING old.tag AS before`,
      [id, tag],
    );
  }

  settings(id: string): Promise<ProviderSettingsRow | undefined> {
    return one<ProviderSettingsRow>(
      this.db.dataSource,
      `SELECT id, name, logo_url AS "logoUrl", subdomain, auto_populate_models AS "autoPopulateModels"
         FROM providers WHERE id = $1`,
      [id],
    );
  }

  /** Fails with the unique violation (23505) when another provider has the subdomain. */
  async setSubdomain(id: string, subdomain: string): Promise<void> {
    await affected(this.db.dataSource, 'UPDATE providers SET subdomain = $2 WHERE id = $1', [id, subdomain]);
  }

  /** Whether it changed (it was not already so). */
  async setAutoPopulateModels(tx: Queryable, id: string, enabled: boolean): Promise<boolean> {
    const changed = await affected(
      tx,
      'UPDATE providers SET auto_populate_models = $2 WHERE id = $1 AND auto_populate_models <> $2',
      [id, enabled],
    );
    return changed > 0;
  }
}
