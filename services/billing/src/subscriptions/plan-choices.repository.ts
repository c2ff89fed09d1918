import { Injectable } from '@nestjs/common';
import { Database, one } from '@tourly/platform';

/** The `plan_choices` table: providers that chose a plan (the free one at sign-up), so are not on a legacy plan. */
@Injectable()
export class PlanChoicesRepository {
  constructor(private readonly db: Database) {}

  async hasChosen(providerId: string): Promise<boolean> {
    const chosen = await one(this.db.dataSource, 'SELECT 1 FROM plan_choices WHERE provider_id = $1', [
      providerId,
    ]);
    return chosen !== undefined;
  }

  async chooseFree(providerId: string): Promise<void> {
    await this.db.dataSource.query(
      `INSERT INTO plan_choices (provider_id, product_code) VALUES ($1, 'free_tier_plan')
       ON CONFLICT (provider_id) DO NOTHING`,
      [providerId],
    );
  }
}
