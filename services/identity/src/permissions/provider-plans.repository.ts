import { Injectable } from '@nestjs/common';
import type { ProductCode, SubscriptionStatus } from '@tourly/contracts';
import {
  Database,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IApplyPlanChangeParams,
  IApplyPlanChangeQuery,
  IPlanOfProviderQuery,
  IPlanOfProviderResult,
} from './provider-plans.repository.types';

/**
 * The values billing gives: no CHECK holds them (billing owns the lists); the only writer, `apply`, takes billing's
 * events' own unions.
 */
type Known = { productCode: ProductCode; status: SubscriptionStatus };

export type ProviderPlanRow = Narrowed<IPlanOfProviderResult, Known>;

/** A change of a provider's plan; `changedAt` a billing process's clock (orders only changes without a version). */
export type PlanChange = IApplyPlanChangeParams & Known;

const planOfProvider = sql<Narrow<IPlanOfProviderQuery, Known>>`
  SELECT product_code AS "productCode", status, premium_tour_limit AS "premiumTourLimit"
    FROM provider_plans WHERE provider_id = $providerId!`;

const applyPlanChange = sql<IApplyPlanChangeQuery>`
  INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at, plan_version)
  VALUES ($providerId!, $productCode!, $status!, $premiumTourLimit, $changedAt!, $version)
  ON CONFLICT (provider_id) DO UPDATE SET product_code = excluded.product_code, status = excluded.status,
    premium_tour_limit = excluded.premium_tour_limit, changed_at = excluded.changed_at,
    plan_version = excluded.plan_version
  WHERE CASE WHEN excluded.plan_version IS NOT NULL
             THEN coalesce(provider_plans.plan_version, 0) < excluded.plan_version
             ELSE provider_plans.plan_version IS NULL AND provider_plans.changed_at <= excluded.changed_at END`;

/** The `provider_plans` table: identity's projection of each provider's plan, from billing's events. */
@Injectable()
export class ProviderPlansRepository {
  constructor(private readonly db: Database) {}

  ofProvider(providerId: string): Promise<ProviderPlanRow | undefined> {
    return queryOne(this.db.dataSource, planOfProvider, { providerId });
  }

  /**
   * Applies a change unless a newer one is there: a greater version wins; a change without a version is older than
   * any with one, and among those the later `changed_at` wins.
   */
  async apply(tx: Queryable, change: PlanChange): Promise<void> {
    await queryRows(tx, applyPlanChange, change);
  }
}
