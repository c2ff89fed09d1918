import { Injectable } from '@nestjs/common';
import type { ProductCode, SubscriptionStatus } from '@tourly/contracts';
import { Database, one, rows, type Queryable } from '@tourly/platform';

export interface ProviderPlanRow {
  productCode: ProductCode;
  status: SubscriptionStatus;
  premiumTourLimit: number | null;
}

export interface PlanChangeRow extends ProviderPlanRow {
  providerId: string;
  /** A billing process's clock: orders only changes without a version. */
  changedAt: string;
  version: number | null;
}

/** The `provider_plans` table: identity's projection of each provider's plan, from billing's events. */
@Injectable()
export class ProviderPlansRepository {
  constructor(private readonly db: Database) {}

  ofProvider(providerId: string): Promise<ProviderPlanRow | undefined> {
    return one<ProviderPlanRow>(
      this.db.dataSource,
      `SELECT product_code AS "productCode", status, premium_tour_limit AS "premiumTourLimit"
         FROM provider_plans WHERE provider_id = $1`,
      [providerId],
    );
  }

  /**
   * Applies a change unless a newer one is there: a greater version wins; a change without a version is older than
   * any with one, and among those the later `changed_at` wins.
   */
  async apply(tx: Queryable, change: PlanChangeRow): Promise<void> {
    await rows(
      tx,
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at, plan_version)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (provider_id) DO UPDATE SET product_code = excluded.product_code, status = excluded.status,
         premium_tour_limit = excluded.premium_tour_limit, changed_at = excluded.changed_at,
         plan_version = excluded.plan_version
       WHERE CASE WHEN excluded.plan_version IS NOT NULL
                  THEN coalesce(provider_plans.plan_version, 0) < excluded.plan_version
                  ELSE provider_plans.plan_version IS NULL AND provider_plans.changed_at <= excluded.changed_at END`,
      [
        change.providerId,
        change.productCode,
        change.status,
        change.premiumTourLimit,
        change.changedAt,
        change.version,
      ],
    );
  }
}
