import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  Database,
  EventBus,
  hashSecret,
  pageOf,
  pageWithTotal,
  uuidv7,
  type Caller,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { ProvidersRepository } from '../accounts/providers.repository';
import { UsersRepository } from '../accounts/users.repository';
import { SessionsService, type OpenedSession } from '../sessions/sessions.service';
import type {
  ImpersonationsQuery,
  AccessLogEntryResponse,
  ImpersonationRecordResponse,
  StartedImpersonation,
} from './impersonation.dto';
import { endOf, secondsBetween } from './impersonation.rules';
import { ImpersonationsRepository, type AccessRow, type ImpersonationRow } from './impersonations.repository';

/** An impersonation lasts this long and is not renewed by use. */
export const IMPERSONATION_SECONDS = 30 * 60;
/** Where the browser goes after starting or stopping (spec 001 §4). */
export const LANDING_PAGE = '/provider/properties';

/**
 * An admin acts as a provider's admin user in a session of its own, which carries the admin's id on every
 * request and ends after 30 minutes whatever happens. Starting and stopping rotate the session and are
 * written to the audit log (and published), so the provider can see who was in its account and for how long.
 */
@Injectable()
export class ImpersonationService {
  constructor(
    private readonly db: Database,
    private readonly impersonations: ImpersonationsRepository,
    private readonly providers: ProvidersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async start(
    admin: Caller,
    presentedToken: string | undefined,
    providerId: string,
    returnTo: string | null = null,
    landOn: string = LANDING_PAGE,
  ): Promise<{ opened: OpenedSession; answer: { redirectTo: string; impersonation: StartedImpersonation } }> {
    return this.db.transaction(async (tx) => {
      const provider = await this.providers.findById(tx, providerId);
      if (!provider) throw ApiError.notFound('Provider not found');
      const actAs = await this.memberships.oldestAdmin(tx, providerId);
      if (!actAs) throw ApiError.conflict('This provider has no admin user to act as.');
      await this.sessions.revokePresented(tx, presentedToken);
      const impersonationId = uuidv7();
      const expiresAt = await this.impersonations.start(tx, {
        id: impersonationId,
        adminId: admin.userId,
        providerId,
        userId: actAs,
        seconds: IMPERSONATION_SECONDS,
        returnTo,
      });
      const opened = await this.sessions.openSession(tx, {
        userId: actAs,
        providerId,
        impersonatorId: admin.userId ?? undefined,
        impersonationId,
        lifetimeSeconds: IMPERSONATION_SECONDS,
      });
      await this.events.publish(
        'identity.impersonation.started.v1',
        { providerId, adminId: admin.userId as string, impersonationId },
        tx,
      );
      return {
        opened,
        answer: {
          redirectTo: landOn,
          impersonation: { id: impersonationId, provider, expiresAt: expiresAt.toISOString() },
        },
      };
    });
  }

  /** Ends the impersonation the caller is in, and gives the admin a fresh session of their own. */
  async stop(
    caller: Caller,
    presentedToken: string | undefined,
  ): Promise<{ opened: OpenedSession; answer: { redirectTo: string } }> {
    if (!caller.impersonatorId || !presentedToken) {
      throw ApiError.base(HttpStatus.CONFLICT, 'You are not impersonating anyone.');
    }
    const adminId = caller.impersonatorId;
    return this.db.transaction(async (tx) => {
      // Back to the console page it was started from, when it said.
      const returnTo = await this.impersonations.returnToOf(tx, hashSecret(presentedToken));
      // Revoking the session closes its impersonation's record and publishes that it stopped.
      await this.sessions.revokePresented(tx, presentedToken);
      const providerId = await this.users.homeProvider(tx, adminId);
      const opened = await this.sessions.openSession(tx, { userId: adminId, providerId });
      return { opened, answer: { redirectTo: returnTo ?? LANDING_PAGE } };
    });
  }

  /** The audit log of every impersonation, newest first, for the admin console. */
  async list(query: ImpersonationsQuery): Promise<Page<ImpersonationRecordResponse>> {
    const providerId = query.providerId ?? null;
    const [rows, total] = await Promise.all([
      this.impersonations.list(providerId, query.pageSize, query.offset),
      this.impersonations.count(providerId),
    ]);
    return pageOf(
      rows.map((row) => toRecord(row, new Date())),
      total,
      query,
    );
  }

  /**
   * The provider's own access log, newest first: its members' sign-ins, every impersonation of it, its API key's use,
   * OAuth tokens issued for it, and what administrators changed on its records.
   */
  async accessLog(providerId: string, query: PageQuery): Promise<Page<AccessLogEntryResponse>> {
    const rows = await this.impersonations.accessLog(providerId, query.pageSize, query.offset);
    const page = await pageWithTotal(rows, query, () => this.impersonations.countAccessLog(providerId));
    return { ...page, items: page.items.map(toEntry) };
  }
}

function toRecord(row: ImpersonationRow, now: Date): ImpersonationRecordResponse {
  const ended = endOf(row, now);
  return {
    id: row.id,
    admin: { id: row.adminId, email: row.adminEmail },
    provider: { id: row.providerId, name: row.providerName },
    actingAs: { id: row.userId, email: row.userEmail },
    startedAt: row.startedAt.toISOString(),
    endedAt: ended?.toISOString() ?? null,
    durationSeconds: ended ? secondsBetween(row.startedAt, ended) : null,
  };
}

function toEntry(row: AccessRow): AccessLogEntryResponse {
  return {
    kind: row.kind,
    at: row.at.toISOString(),
    user: { id: row.userId, email: row.userEmail },
    admin: row.adminId ? { id: row.adminId, email: row.adminEmail ?? '' } : null,
    endedAt: row.endedAt?.toISOString() ?? null,
    durationSeconds: row.endedAt ? secondsBetween(row.at, row.endedAt) : null,
    detail: row.detail,
    action: row.action,
    record: row.record,
    before: row.before,
    after: row.after,
  };
}
