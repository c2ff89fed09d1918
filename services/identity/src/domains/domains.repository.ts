import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';
import type { DomainStatus } from './domains.dto';

export interface DomainRow {
  id: string;
  providerId: string;
  providerName: string;
  subdomain: string;
  status: DomainStatus;
  failureReason: string | null;
  requestedAt: Date;
  updatedAt: Date;
}

export interface DomainFilter {
  status: DomainStatus | null;
  /** A LIKE pattern on the domain or the provider's name. */
  search: string | null;
  providerId: string | null;
}

const SELECT = `SELECT d.id, d.provider_id AS "providerId", p.name AS "providerName", d.subdomain, d.status,
                       d.failure_reason AS "failureReason", d.requested_at AS "requestedAt", d.updated_at AS "updatedAt"
                  FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id`;
const WHERE = `WHERE ($1::text IS NULL OR d.status = $1) AND ($2::text IS NULL OR d.subdomain ILIKE $2 OR p.name ILIKE $2)
                     AND ($3::uuid IS NULL OR d.provider_id = $3)`;

/**
 * The `whitelabeled_domains` table (read with the provider's name). Writes that would give a domain to a
 * second provider fail with the unique violation (23505).
 */
@Injectable()
export class DomainsRepository {
  constructor(private readonly db: Database) {}

  /** The provider a host belongs to: by its subdomain of the app's host, or its active white-label domain. */
  async providerOfHost(host: { subdomain: string } | { domain: string }): Promise<string | null> {
    const found = await one<{ providerId: string }>(
      this.db.dataSource,
      'subdomain' in host
        ? 'SELECT id AS "providerId" FROM providers WHERE lower(subdomain) = lower($1)'
        : `SELECT provider_id AS "providerId" FROM whitelabeled_domains
            WHERE lower(subdomain) = lower($1) AND status = 'active'`,
      ['subdomain' in host ? host.subdomain : host.domain],
    );
    return found?.providerId ?? null;
  }

  ofProvider(providerId: string): Promise<DomainRow | undefined> {
    return one<DomainRow>(this.db.dataSource, `${SELECT} WHERE d.provider_id = $1`, [providerId]);
  }

  byId(tx: Queryable, id: string): Promise<DomainRow | undefined> {
    return one<DomainRow>(tx, `${SELECT} WHERE d.id = $1`, [id]);
  }

  /** The provider's domain, asked for (again): pending, whatever it was. */
  async request(tx: Queryable, id: string, providerId: string, subdomain: string): Promise<void> {
    await rows(
      tx,
      `INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status) VALUES ($1, $2, $3, 'pending')
       ON CONFLICT ON CONSTRAINT whitelabeled_domains_provider_uq DO UPDATE
         SET subdomain = excluded.subdomain, status = 'pending', failure_reason = NULL,
             requested_at = now(), updated_at = now()`,
      [id, providerId, subdomain],
    );
  }

  list(filter: DomainFilter, limit: number, offset: number): Promise<DomainRow[]> {
    return rows<DomainRow>(
      this.db.dataSource,
      `${SELECT} ${WHERE} ORDER BY d.requested_at, d.id LIMIT $4 OFFSET $5`,
      [filter.status, filter.search, filter.providerId, limit, offset],
    );
  }

  async count(filter: DomainFilter): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      `SELECT count(*)::int AS total FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id ${WHERE}`,
      [filter.status, filter.search, filter.providerId],
    );
    return row?.total ?? 0;
  }

  /** A verdict on the domain; whether it exists. */
  async decide(
    tx: Queryable,
    id: string,
    status: DomainStatus,
    failureReason: string | null,
  ): Promise<boolean> {
    return this.change(tx, id, 'status = $2, failure_reason = $3', [status, failureReason]);
  }

  /** Another name for the domain, back to pending; whether it exists. */
  async rename(tx: Queryable, id: string, subdomain: string): Promise<boolean> {
    return this.change(tx, id, "subdomain = $2, status = 'pending', failure_reason = NULL", [subdomain]);
  }

  private async change(tx: Queryable, id: string, assignments: string, values: unknown[]): Promise<boolean> {
    const changed = await affected(
      tx,
      `UPDATE whitelabeled_domains SET ${assignments}, updated_at = now() WHERE id = $1 RETURNING id`,
      [id, ...values],
    );
    return changed > 0;
  }
}
