import { Injectable } from '@nestjs/common';
import type { SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, one, rows, type Queryable } from '@tourly/platform';
import { billingVersion, newerThanRecorded } from './billing-versions';
import type { ProviderPlan } from './plans.rules';

/**
 * When and in which event billing announced a plan change: the order of changes without a version (see `Plans`);
 * changes with one are ordered by it alone.
 */
export interface Announced {
  occurredAt: string;
  eventId: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The `provider_plans` table: each provider's plan as billing last announced it. */
@Injectable()
export class ProviderPlansRepository {
  constructor(private readonly db: Database) {}

  find(
    providerId: string,
    tx: Queryable = this.db.dataSource,
  ): Promise<Omit<ProviderPlan, 'canPublish'> | undefined> {
    return one<Omit<ProviderPlan, 'canPublish'>>(
      tx,
      `SELECT product_code AS "productCode", status, premium_tour_limit AS "premiumTourLimit"
         FROM provider_plans WHERE provider_id = $1`,
      [providerId],
    );
  }

  /** Records the change unless a newer one is recorded already; whether it did. */
  async record(tx: Queryable, change: SubscriptionChangedV1, announced: Announced): Promise<boolean> {
    const newer = newerThanRecorded(
      'provider_plans.plan_version',
      '$7',
      `(provider_plans.changed_at, coalesce(provider_plans.changed_event_id, '${NIL_UUID}')) < ($5::timestamptz, $6::uuid)`,
    );
    const recorded = await rows(
      tx,
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at, changed_event_id,
         plan_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (provider_id) DO UPDATE SET product_code = $2, status = $3, premium_tour_limit = $4,
         changed_at = $5, changed_event_id = $6, plan_version = $7
        WHERE ${newer}
       RETURNING provider_id`,
      [
        change.providerId,
        change.productCode,
        change.status,
        change.premiumTourLimit,
        announced.occurredAt,
        announced.eventId,
        billingVersion(change),
      ],
    );
    return recorded.length > 0;
  }
}
