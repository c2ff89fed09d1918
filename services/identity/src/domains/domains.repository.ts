import { Injectable } from '@nestjs/common';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { DomainStatus } from './domains.dto';
import type {
  ICountDomainsQuery,
  IDecideDomainQuery,
  IDomainByIdQuery,
  IDomainOfProviderQuery,
  IDomainOfProviderResult,
  IListDomainsQuery,
  IProviderOfDomainQuery,
  IProviderOfSubdomainQuery,
  IRenameDomainQuery,
  IRequestDomainQuery,
} from './domains.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { status: DomainStatus };

export type DomainRow = Narrowed<IDomainOfProviderResult, Known>;

export interface DomainFilter {
  status: DomainStatus | null;
  /** A LIKE pattern on the domain or the provider's name. */
  search: string | null;
  providerId: string | null;
}

const providerOfSubdomain = sql<IProviderOfSubdomainQuery>`
  SELECT id AS "providerId" FROM providers WHERE lower(subdomain) = lower($subdomain!)`;

const providerOfDomain = sql<IProviderOfDomainQuery>`
  SELECT provider_id AS "providerId" FROM whitelabeled_domains
   WHERE lower(subdomain) = lower($domain!) AND status = 'active'`;

const domainOfProvider = sql<Narrow<IDomainOfProviderQuery, Known>>`
  SELECT d.id, d.provider_id AS "providerId", p.name AS "providerName", d.subdomain, d.status,
         d.failure_reason AS "failureReason", d.requested_at AS "requestedAt", d.updated_at AS "updatedAt"
    FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id
   WHERE d.provider_id = $providerId!`;

const domainById = sql<Narrow<IDomainByIdQuery, Known>>`
  SELECT d.id, d.provider_id AS "providerId", p.name AS "providerName", d.subdomain, d.status,
         d.failure_reason AS "failureReason", d.requested_at AS "requestedAt", d.updated_at AS "updatedAt"
    FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id
   WHERE d.id = $id!`;

const requestDomain = sql<IRequestDomainQuery>`
  INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status)
  VALUES ($id!, $providerId!, $subdomain!, 'pending')
  ON CONFLICT ON CONSTRAINT whitelabeled_domains_provider_uq DO UPDATE
    SET subdomain = excluded.subdomain, status = 'pending', failure_reason = NULL,
        requested_at = now(), updated_at = now()`;

// `status`, `search` (a LIKE pattern on the domain or the provider's name) and `providerId`: null for any.
const listDomains = sql<Narrow<IListDomainsQuery, Known>>`
  SELECT d.id, d.provider_id AS "providerId", p.name AS "providerName", d.subdomain, d.status,
         d.failure_reason AS "failureReason", d.requested_at AS "requestedAt", d.updated_at AS "updatedAt"
    FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id
   WHERE ($status::text IS NULL OR d.status = $status)
     AND ($search::text IS NULL OR d.subdomain ILIKE $search OR p.name ILIKE $search)
     AND ($providerId::uuid IS NULL OR d.provider_id = $providerId)
   ORDER BY d.requested_at, d.id LIMIT $limit! OFFSET $offset!`;

const countDomains = sql<ICountDomainsQuery>`
  SELECT count(*)::int AS "total!" FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id
   WHERE ($status::text IS NULL OR d.status = $status)
     AND ($search::text IS NULL OR d.subdomain ILIKE $search OR p.name ILIKE $search)
     AND ($providerId::uuid IS NULL OR d.provider_id = $providerId)`;

const decideDomain = sql<IDecideDomainQuery>`
  UPDATE whitelabeled_domains SET status = $status!, failure_reason = $failureReason, updated_at = now()
   WHERE id = $id! RETURNING id`;

const renameDomain = sql<IRenameDomainQuery>`
  UPDATE whitelabeled_domains SET subdomain = $subdomain!, status = 'pending', failure_reason = NULL,
         updated_at = now()
   WHERE id = $id! RETURNING id`;

/**
 * The `whitelabeled_domains` table (read with the provider's name). Writes that would give a domain to a
 * second provider fail with the unique violation (23505).
 */
@Injectable()
export class DomainsRepository {
  constructor(private readonly db: Database) {}

  /** The provider a host belongs to: by its subdomain of the app's host, or its active white-label domain. */
  async providerOfHost(host: { subdomain: string } | { domain: string }): Promise<string | null> {
    const found =
      'subdomain' in host
        ? await queryOne(this.db.dataSource, providerOfSubdomain, { subdomain: host.subdomain })
        : await queryOne(this.db.dataSource, providerOfDomain, { domain: host.domain });
    return found?.providerId ?? null;
  }

  ofProvider(providerId: string): Promise<DomainRow | undefined> {
    return queryOne(this.db.dataSource, domainOfProvider, { providerId });
  }

  byId(tx: Queryable, id: string): Promise<DomainRow | undefined> {
    return queryOne(tx, domainById, { id });
  }

  /** The provider's domain, asked for (again): pending, whatever it was. */
  async request(tx: Queryable, id: string, providerId: string, subdomain: string): Promise<void> {
    await queryRows(tx, requestDomain, { id, providerId, subdomain });
  }

  list(filter: DomainFilter, limit: number, offset: number): Promise<DomainRow[]> {
    return queryRows(this.db.dataSource, listDomains, { ...filter, limit, offset });
  }

  async count(filter: DomainFilter): Promise<number> {
    const row = await queryOne(this.db.dataSource, countDomains, filter);
    return row?.total ?? 0;
  }

  /** A verdict on the domain; whether it exists. */
  async decide(
    tx: Queryable,
    id: string,
    status: DomainStatus,
    failureReason: string | null,
  ): Promise<boolean> {
    return (await queryAffected(tx, decideDomain, { id, status, failureReason })) > 0;
  }

  /** Another name for the domain, back to pending; whether it exists. */
  async rename(tx: Queryable, id: string, subdomain: string): Promise<boolean> {
    return (await queryAffected(tx, renameDomain, { id, subdomain })) > 0;
  }
}
