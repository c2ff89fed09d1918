import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { ProviderByHostRequest } from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  likePattern,
  pageOf,
  uuidv7,
  type EntityManager,
  type Page,
  isUniqueViolation,
} from '@tourly/platform';
import type { IdentityConfig } from '../config';
import { PermissionsService } from '../permissions/permissions.service';
import type { DomainDecision, DomainResponse, DomainStateResponse, DomainsQuery } from './domains.dto';
import { DomainsRepository, type DomainRow } from './domains.repository';
import { isLocalOrPlatformDomain } from './domains.rules';

export const NEEDS_CREATOR_PLAN =
  'White-label domains come with the Creator and Pro plans. Upgrade your plan to use one.';
export const LOCAL_OR_RESERVED_DOMAIN =
  'is a local or reserved name; use a domain of your own on the internet (for example tours.your-agency.com)';

/**
 * White-label domains: a provider on a plan that includes them asks for one (pending, "In Progress"); a
 * virtual assistant sets up DNS and certificates, then marks it active ("Active") or failed with a reason the
 * provider sees; asking again starts over. Setup can take 24-48 hours (001 §9).
 */
/** A host's label or whole name as one may be stored (anything else is no provider's). */
const HOST_TEXT = /^[a-z0-9.-]{1,253}$/i;

@Injectable()
export class DomainsService {
  /** The platform's own host (APP_URL's): neither it nor the names under it are a provider's to take. */
  private readonly appHost: string;

  constructor(
    private readonly db: Database,
    private readonly domains: DomainsRepository,
    private readonly permissions: PermissionsService,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) config: IdentityConfig,
  ) {
    this.appHost = new URL(config.APP_URL).hostname.toLowerCase();
  }

  /**
   * The provider's domain as its settings show it: an active domain the plan no longer includes (a downgrade below
   * Creator, a subscription ended) is `paused`, not "Active" (issue 29): it serves nothing until the plan includes
   * white-label domains again, when it is active again as it was, with no new setup.
   */
  async current(providerId: string): Promise<DomainStateResponse> {
    const row = await this.domains.ofProvider(providerId);
    if (!row) return { subdomain: null, status: 'unset', failureReason: null, requestedAt: null };
    const paused = row.status === 'active' && !(await this.planIncludesDomain(providerId));
    return {
      subdomain: row.subdomain,
      status: paused ? 'paused' : row.status,
      failureReason: row.failureReason,
      requestedAt: row.requestedAt.toISOString(),
    };
  }

  /**
   * Which provider a host other than the app's belongs to (the gateway asks): its subdomain of the app's host, or
   * its active white-label domain. A pending or failed domain is no provider's yet, nor a paused one (its plan no
   * longer includes it); neither is text that cannot be a host.
   */
  async providerOfHost(request: ProviderByHostRequest | undefined): Promise<string | null> {
    // Whatever a caller sent: only text that can be a host is looked up.
    const host = (request ?? {}) as { subdomain?: unknown; domain?: unknown };
    if (typeof host.subdomain === 'string' && HOST_TEXT.test(host.subdomain))
      return this.domains.providerOfHost({ subdomain: host.subdomain });
    if (typeof host.domain === 'string' && HOST_TEXT.test(host.domain)) {
      const providerId = await this.domains.providerOfHost({ domain: host.domain });
      return providerId && (await this.planIncludesDomain(providerId)) ? providerId : null;
    }
    return null;
  }

  /** Whether the provider's plan includes a white-label domain (Creator and Pro, 000 §1). */
  async planIncludesDomain(providerId: string): Promise<boolean> {
    return (await this.permissions.publishing(providerId)).whitelabelDomain;
  }

  async request(providerId: string, subdomain: string): Promise<DomainStateResponse> {
    if (!(await this.planIncludesDomain(providerId))) {
      throw ApiError.base(HttpStatus.FORBIDDEN, NEEDS_CREATOR_PLAN);
    }
    this.refuseLocalOrReserved(subdomain);
    await this.db.transaction(async (tx) => {
      await this.unique(this.domains.request(tx, uuidv7(), providerId, subdomain));
      await this.events.publish(
        'identity.whitelabeled_domain.changed.v1',
        { providerId, subdomain, status: 'pending' },
        tx,
      );
    });
    return this.current(providerId);
  }

  async list(query: DomainsQuery): Promise<Page<DomainResponse>> {
    const filter = {
      status: query.status ?? null,
      search: likePattern(query.search),
      providerId: query.providerId ?? null,
    };
    const [rows, total] = await Promise.all([
      this.domains.list(filter, query.pageSize, query.offset),
      this.domains.count(filter),
    ]);
    return pageOf(rows.map(toRecord), total, query);
  }

  /** A virtual assistant's verdict on a domain. */
  async decide(id: string, decision: DomainDecision): Promise<DomainResponse> {
    const failureReason = decision.status === 'failed' ? (decision.failureReason ?? null) : null;
    return this.change(id, (tx) => this.domains.decide(tx, id, decision.status, failureReason));
  }

  /** An administrator correcting the domain: it goes back to pending for setup. */
  async correct(id: string, subdomain: string): Promise<DomainResponse> {
    this.refuseLocalOrReserved(subdomain);
    return this.change(id, (tx) => this.domains.rename(tx, id, subdomain));
  }

  /** A name no certificate or visitor can reach from the internet, or the platform's own, waits for nobody: 422. */
  private refuseLocalOrReserved(domain: string): void {
    if (isLocalOrPlatformDomain(domain, this.appHost)) {
      throw ApiError.invalid('whitelabeledDomain.subdomain', LOCAL_OR_RESERVED_DOMAIN);
    }
  }

  private async change(id: string, update: (tx: EntityManager) => Promise<boolean>): Promise<DomainResponse> {
    return this.db.transaction(async (tx) => {
      if (!(await this.unique(update(tx)))) throw ApiError.notFound('White-label domain not found');
      const row = await this.domains.byId(tx, id);
      if (!row) throw ApiError.notFound('White-label domain not found');
      const record = toRecord(row);
      await this.events.publish(
        'identity.whitelabeled_domain.changed.v1',
        { providerId: record.provider.id, subdomain: record.subdomain, status: record.status },
        tx,
      );
      return record;
    });
  }

  /** A domain belongs to one provider: another's is a field error, not a server error. */
  private async unique<T>(query: Promise<T>): Promise<T> {
    try {
      return await query;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw ApiError.invalid('whitelabeledDomain.subdomain', 'is already used by another provider');
      }
      throw error;
    }
  }
}

function toRecord(row: DomainRow): DomainResponse {
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
