import { Injectable } from '@nestjs/common';
import { PLANS, type ProductCode, type SubscriptionChangedV1 } from '@tourly/contracts';
import { Database } from '@tourly/platform';
import type { EntityManager } from 'typeorm';

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
 * overwrites a newer one.
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

  async apply(change: SubscriptionChangedV1, occurredAt: string, tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider_id) DO UPDATE SET product_code = $2, status = $3, premium_tour_limit = $4, changed_at = $5
        WHERE provider_plans.changed_at <= $5`,
      [change.providerId, change.productCode, change.status, change.premiumTourLimit, occurredAt],
    );
  }

  /** The limit in force, unless a plan change newer than `asOf` says otherwise. */
  async limitSince(providerId: string, asOf: string, fallback: number | null, tx: EntityManager) {
    const [row] = (await tx.query(
      `SELECT premium_tour_limit AS "limit" FROM provider_plans WHERE provider_id = $1 AND changed_at > $2`,
      [providerId, asOf],
    )) as Array<{ limit: number | null }>;
    return row ? row.limit : fallback;
  }
}
