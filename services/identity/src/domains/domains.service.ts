import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  Database,
  EventBus,
  likePattern,
  pageOf,
  uuidv7,
  type EntityManager,
  type Page,
} from '@tourly/platform';
import { PermissionsService } from '../permissions/permissions.service';
import type { DomainDecision, DomainStatus, DomainsQuery } from './domains.dto';

export const NEEDS_CREATOR_PLAN =
  'White-label domains come with the Creator and Pro plans. Upgrade your plan to use one.';

export interface DomainState {
  subdomain: string | null;
  /** unset: none requested; pending: "In Progress"; active: "Active"; failed: see failure_reason. */
  status: 'unset' | DomainStatus;
  failureReason: string | null;
  requestedAt: string | null;
}

export interface DomainRecord {
  id: string;
  provider: { id: string; name: string };
  subdomain: string;
  status: DomainStatus;
  failureReason: string | null;
  requestedAt: string;
  updatedAt: string;
}

interface DomainRow {
  id: string;
  providerId: string;
  providerName: string;
  subdomain: string;
  status: DomainStatus;
  failureReason: string | null;
  requestedAt: Date;
  updatedAt: Date;
}

const SELECT = `SELECT d.id, d.provider_id AS "providerId", p.name AS "providerName", d.subdomain, d.status,
                       d.failure_reason AS "failureReason", d.requested_at AS "requestedAt", d.updated_at AS "updatedAt"
                  FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id`;

/**
 * White-label domains: a provider on a plan that includes them asks for one (pending, "In Progress"); a
 * virtual assistant sets up DNS and certificates, then marks it active ("Active") or failed with a reason the
 * provider sees; asking again starts over. Setup can take 24-48 hours (001 §9).
 */
@Injectable()
export class DomainsService {
  constructor(
    private readonly db: Database,
    private readonly permissions: PermissionsService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async current(providerId: string): Promise<DomainState> {
    const [row] = (await this.db.dataSource.query(`${SELECT} WHERE d.provider_id = $1`, [
      providerId,
    ])) as DomainRow[];
    if (!row) return { subdomain: null, status: 'unset', failureReason: null, requestedAt: null };
    return {
      subdomain: row.subdomain,
      status: row.status,
      failureReason: row.failureReason,
      requestedAt: row.requestedAt.toISOString(),
    };
  }

  async request(providerId: string, subdomain: string): Promise<DomainState> {
    if (!(await this.permissions.publishing(providerId)).whitelabelDomain) {
      throw ApiError.base(HttpStatus.FORBIDDEN, NEEDS_CREATOR_PLAN);
    }
    await this.db.transaction(async (tx) => {
      await this.unique(
        tx.query(
          `INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status) VALUES ($1, $2, $3, 'pending')
           ON CONFLICT ON CONSTRAINT whitelabeled_domains_provider_uq DO UPDATE
             SET subdomain = excluded.subdomain, status = 'pending', failure_reason = NULL,
                 requested_at = now(), updated_at = now()`,
          [uuidv7(), providerId, subdomain],
        ),
      );
      await this.events.publish(
        'identity.whitelabeled_domain.changed.v1',
        { providerId, subdomain, status: 'pending' },
        tx,
      );
    });
    return this.current(providerId);
  }

  async list(query: DomainsQuery): Promise<Page<DomainRecord>> {
    const search = likePattern(query.search);
    const where = `WHERE ($1::text IS NULL OR d.status = $1) AND ($2::text IS NULL OR d.subdomain ILIKE $2 OR p.name ILIKE $2)
                     AND ($3::uuid IS NULL OR d.provider_id = $3)`;
    const params = [query.status ?? null, search, query.providerId ?? null];
    const [rows, [{ total }]] = await Promise.all([
      this.db.dataSource.query(`${SELECT} ${where} ORDER BY d.requested_at, d.id LIMIT $4 OFFSET $5`, [
        ...params,
        query.pageSize,
        query.offset,
      ]),
      this.db.dataSource.query(
        `SELECT count(*)::int AS total FROM whitelabeled_domains d JOIN providers p ON p.id = d.provider_id ${where}`,
        params,
      ),
    ]);
    return pageOf((rows as DomainRow[]).map(toRecord), total as number, query);
  }

  /** A virtual assistant's verdict on a domain. */
  async decide(id: string, decision: DomainDecision): Promise<DomainRecord> {
    return this.change(id, 'status = $2, failure_reason = $3', [
      decision.status,
      decision.status === 'failed' ? (decision.failureReason ?? null) : null,
    ]);
  }

  /** An administrator correcting the domain: it goes back to pending for setup. */
  async correct(id: string, subdomain: string): Promise<DomainRecord> {
    return this.change(id, "subdomain = $2, status = 'pending', failure_reason = NULL", [subdomain]);
  }

  private async change(id: string, assignments: string, values: unknown[]): Promise<DomainRecord> {
    return this.db.transaction(async (tx) => {
      const updated = (await this.unique(
        tx.query(
          `UPDATE whitelabeled_domains SET ${assignments}, updated_at = now() WHERE id = $1 RETURNING id`,
          [id, ...values],
        ),
      )) as unknown as unknown[][];
      if ((updated[0] ?? []).length === 0) throw ApiError.notFound('White-label domain not found');
      const record = await this.byId(tx, id);
      await this.events.publish(
        'identity.whitelabeled_domain.changed.v1',
        { providerId: record.provider.id, subdomain: record.subdomain, status: record.status },
        tx,
      );
      return record;
    });
  }

  private async byId(tx: EntityManager, id: string): Promise<DomainRecord> {
    const [row] = (await tx.query(`${SELECT} WHERE d.id = $1`, [id])) as DomainRow[];
    return toRecord(row);
  }

  /** A domain belongs to one provider: another's is a field error, not a server error. */
  private async unique<T>(query: Promise<T>): Promise<T> {
    try {
      return await query;
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw ApiError.invalid('whitelabeledDomain.subdomain', 'is already used by another provider');
      }
      throw error;
    }
  }
}

function toRecord(row: DomainRow): DomainRecord {
  return {
    id: row.id,
    provider: { id: row.providerId, name: row.providerName },
    subdomain: row.subdomain,
    status: row.status,
    failureReason: row.failureReason,
    requestedAt: row.requestedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
