import { Injectable } from '@nestjs/common';
import type { AdminChangeAction, EventEnvelope } from '@tourly/contracts';
import { ApiError, pageWithTotal, uuidv7, type Page, type PageQuery, type Queryable } from '@tourly/platform';
import { ProvidersRepository } from '../accounts/providers.repository';
import type { AdminChangeResponse } from './admin-changes.dto';
import { AdminChangesRepository } from './admin-changes.repository';
import { heardAdminChange, sourceOf, type ChangedFields } from './admin-changes.rules';

/**
 * The audit trail of what platform admins change on a provider's records (issue 18). Identity's own changes (a
 * provider's tag, a user's primary provider) are recorded in the transaction of the change; billing's and orders'
 * arrive as their `admin_change.recorded.v1` events and are recorded in the inbox's transaction, under the event's
 * id, so a redelivered event records nothing twice. So do the rows every service's database saw an impersonating
 * administrator change (`record.*`, identity's own included: its triggers publish them like any service's).
 */
@Injectable()
export class AdminChangesService {
  constructor(
    private readonly changes: AdminChangesRepository,
    private readonly providers: ProvidersRepository,
  ) {}

  /** Records one of identity's own changes, made now by the admin, in the change's transaction. */
  async record(
    tx: Queryable,
    change: {
      providerId: string;
      adminId: string;
      action: AdminChangeAction;
      before: ChangedFields;
      after: ChangedFields;
    },
  ): Promise<void> {
    await this.changes.record(tx, { id: uuidv7(), ...change, record: null, source: 'identity' });
  }

  /** Records a change another service announced. A change that cannot be read is refused (retried, then parked). */
  async recordHeard(tx: Queryable, event: EventEnvelope): Promise<void> {
    const source = sourceOf(event.type);
    const heard = heardAdminChange(event.data);
    if (!source) throw new Error(`${event.type} is not an admin change identity keeps`);
    if ('problem' in heard) throw new Error(`${event.type} ${event.id} cannot be kept: ${heard.problem}`);
    await this.changes.record(tx, { id: event.id, ...heard.change, source });
  }

  /** A provider's trail for the console, newest first. */
  async ofProvider(providerId: string, query: PageQuery): Promise<Page<AdminChangeResponse>> {
    if (!(await this.providers.exists(providerId))) throw ApiError.notFound('Provider not found');
    const found = await this.changes.ofProvider(providerId, query.pageSize, query.offset);
    return pageWithTotal(
      found.map((row) => ({
        id: row.id,
        action: row.action,
        record: row.record,
        admin: { id: row.adminId, name: row.adminName, email: row.adminEmail },
        before: row.before,
        after: row.after,
        changedAt: row.changedAt.toISOString(),
        total: row.total,
      })),
      query,
      () => this.changes.countOfProvider(providerId),
    );
  }
}
