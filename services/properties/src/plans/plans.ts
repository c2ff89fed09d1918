import { Injectable } from '@nestjs/common';
import { PLANS, type ProductCode, type SubscriptionChangedV1 } from '@tourly/contracts';
import { Database } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { billingVersion, newerThanRecorded } from './billing-versions';

export interface ProviderPlan {
  productCode: ProductCode;
  status: string;
  /** null: unlimited. */
  premiumTourLimit: number | null;
  canPublish: boolean;
}

const FREE: ProviderPlan = {
  productCode: 'free_tier_plan',
  status: 'active',
  premiumTourLimit: 0,
  canPublish: false,
};

export const PUBLISHING_NEEDS_PLAN =
  'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.';
export const quotaFull = (limit: number) =>
  `Your plan includes ${limit} premium ${limit === 1 ? 'tour' : 'tours'} and all are in use. Upgrade your plan, pay for this tour on its own, or turn another tour basic first.`;

/**
 * Each provider's plan as billing announced it (`billing.subscription.changed.v1`): what publishing and the
 * premium-tour quota follow. Until billing says otherwise a provider is on the free plan. An older change never
 * overwrites a newer one: changes are ordered by the provider's subscription version billing puts in each (its
 * database's order, under the provider's lock), never by `occurred_at`, a billing process's clock. A change without a
 * version (published before billing had them) is older than any with one; among themselves such changes keep their
 * old order, by when billing announced them, then by the event's id.
 */
@Injectable()
export class Plans {
  constructor(private readonly db: Database) {}

  async of(providerId: string, tx: EntityManager = this.db.dataSource.manager): Promise<ProviderPlan> {
    const [row] = (await tx.query(
      `SELECT product_code AS "productCode", status, premium_tour_limit AS "premiumTourLimit"
         FROM provider_plans WHERE provider_id = $1`,
      [providerId],
    )) as Array<Omit<ProviderPlan, 'canPublish'>>;
    if (!row) return FREE;
    return { ...row, canPublish: PLANS[row.productCode]?.toursType === 'premium' };
  }

  /**
   * Records a plan change unless a later one is already recorded. True when this change is now the plan in force;
   * false for one older than what is recorded (a redelivery after a retry, a stale version arriving late), which
   * changes nothing.
   */
  async apply(change: SubscriptionChangedV1, announced: Announced, tx: EntityManager): Promise<boolean> {
    const newer = newerThanRecorded(
      'provider_plans.plan_version',
      '$7',
      `(provider_plans.changed_at, coalesce(provider_plans.changed_event_id, '${NIL_UUID}')) < ($5::timestamptz, $6::uuid)`,
    );
    const recorded = (await tx.query(
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
    )) as unknown[];
    return recorded.length > 0;
  }
}

/**
 * When and in which event billing announced a plan change: the order of changes without a version (see `Plans`);
 * changes with one are ordered by it alone.
 */
export interface Announced {
  occurredAt: string;
  eventId: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
