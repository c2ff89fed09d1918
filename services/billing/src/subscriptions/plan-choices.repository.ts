import { Injectable } from '@nestjs/common';
import { Database, queryOne, queryRows, sql } from '@tourly/platform';
import type { IChooseFreePlanQuery, IHasChosenPlanQuery } from './plan-choices.repository.types';

const hasChosenPlan = sql<IHasChosenPlanQuery>`
  SELECT 1 AS found FROM plan_choices WHERE provider_id = $providerId!`;

const chooseFreePlan = sql<IChooseFreePlanQuery>`
  INSERT INTO plan_choices (provider_id, product_code) VALUES ($providerId!, 'free_tier_plan')
  ON CONFLICT (provider_id) DO NOTHING`;

/** The `plan_choices` table: providers that chose a plan (the free one at sign-up), so are not on a legacy plan. */
@Injectable()
export class PlanChoicesRepository {
  constructor(private readonly db: Database) {}

  async hasChosen(providerId: string): Promise<boolean> {
    const chosen = await queryOne(this.db.dataSource, hasChosenPlan, { providerId });
    return chosen !== undefined;
  }

  async chooseFree(providerId: string): Promise<void> {
    await queryRows(this.db.dataSource, chooseFreePlan, { providerId });
  }
}
