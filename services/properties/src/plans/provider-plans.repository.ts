import { Injectable } from '@nestjs/common';
import type { ProductCode, SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, queryOne, queryRows, sql, type Narrow, type Queryable } from '@tourly/platform';
import { billingVersion } from './billing-versions';
import type { ProviderPlan } from './plans.rules';
import type { IFindProviderPlanQuery, IRecordProviderPlanQuery } from './provider-plans.repository.types';

/**
 * When and in which event billing announced a plan change: the order of changes without a version (see `Plans`);
 * changes with one are ordered by it alone.
 */
export interface Announced {
  occurredAt: string;
  eventId: string;
}

/** No CHECK keeps `product_code` to the plans: it is what billing's events say, a `ProductCode` by their contract. */
type Known = { productCode: ProductCode };

const findProviderPlan = sql<Narrow<IFindProviderPlanQuery, Known>>`
  SELECT product_code AS "productCode", status, premium_tour_limit AS "premiumTourLimit"
    FROM provider_plans WHERE provider_id = $providerId!`;

// Only a newer word than the one recorded changes the row (billing-versions): with a version, a greater one than
// recorded; without one, only while none with a version is recorded, and then a later (occurred_at, event id).
const recordProviderPlan = sql<IRecordProviderPlanQuery>`
  INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at, changed_event_id,
    plan_version)
  VALUES ($providerId!, $productCode!, $status!, $premiumTourLimit, $changedAt!, $changedEventId!, $planVersion)
  ON CONFLICT (provider_id) DO UPDATE SET product_code = $productCode!, status = $status!,
    premium_tour_limit = $premiumTourLimit, changed_at = $changedAt!, changed_event_id = $changedEventId!,
    plan_version = $planVersion
   WHERE CASE WHEN $planVersion::bigint IS NOT NULL THEN coalesce(provider_plans.plan_version, 0) < $planVersion::bigint
              ELSE provider_plans.plan_version IS NULL
                AND (provider_plans.changed_at,
                     coalesce(provider_plans.changed_event_id, '00000000-0000-0000-0000-000000000000'))
                    < ($changedAt!::timestamptz, $changedEventId!::uuid) END
  RETURNING provider_id`;

/** The `provider_plans` table: each provider's plan as billing last announced it. */
@Injectable()
export class ProviderPlansRepository {
  constructor(private readonly db: Database) {}

  find(
    providerId: string,
    tx: Queryable = this.db.dataSource,
  ): Promise<Omit<ProviderPlan, 'canPublish'> | undefined> {
    return queryOne(tx, findProviderPlan, { providerId });
  }

  /** Records the change unless a newer one is recorded already; whether it did. */
  async record(tx: Queryable, change: SubscriptionChangedV1, announced: Announced): Promise<boolean> {
    const recorded = await queryRows(tx, recordProviderPlan, {
      providerId: change.providerId,
      productCode: change.productCode,
      status: change.status,
      premiumTourLimit: change.premiumTourLimit,
      changedAt: announced.occurredAt,
      changedEventId: announced.eventId,
      planVersion: billingVersion(change),
    });
    return recorded.length > 0;
  }
}
