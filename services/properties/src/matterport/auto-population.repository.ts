import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IAutoPopulationDueNowQuery,
  IDealtWithModelsQuery,
  IModelsWithPropertyQuery,
  IRecordPopulatedModelQuery,
  IRecordPopulationCreatedQuery,
  ISetAutoPopulationQuery,
  ITakeDueProvidersQuery,
} from './auto-population.repository.types';

export type PopulationOutcome = { outcome: 'had_property' } | { outcome: 'refused'; detail: string };

const setAutoPopulation = sql<ISetAutoPopulationQuery>`
  INSERT INTO matterport_auto_population (provider_id, enabled, changed_at) VALUES ($providerId!, $enabled!, $at!)
  ON CONFLICT (provider_id) DO UPDATE SET enabled = excluded.enabled, changed_at = excluded.changed_at,
    next_run_at = now()
  WHERE matterport_auto_population.changed_at < excluded.changed_at`;

const autoPopulationDueNow = sql<IAutoPopulationDueNowQuery>`
  UPDATE matterport_auto_population SET next_run_at = now() WHERE provider_id = $providerId! AND enabled`;

const takeDueProviders = sql<ITakeDueProvidersQuery>`
  UPDATE matterport_auto_population SET next_run_at = now() + make_interval(secs => $afterMs!::float8 / 1000)
   WHERE provider_id IN (
     SELECT provider_id FROM matterport_auto_population WHERE enabled AND next_run_at <= now()
      ORDER BY next_run_at LIMIT $limit! FOR UPDATE SKIP LOCKED)
   RETURNING provider_id AS "providerId"`;

const dealtWithModels = sql<IDealtWithModelsQuery>`
  SELECT model_id AS "modelId" FROM matterport_populated_models
   WHERE provider_id = $providerId! AND model_id = ANY($modelIds!::text[])`;

const modelsWithProperty = sql<IModelsWithPropertyQuery>`
  SELECT DISTINCT matterport_key AS "modelId" FROM properties
   WHERE provider_id = $providerId! AND deleted_at IS NULL AND matterport_key = ANY($modelIds!::text[])`;

const recordPopulationCreated = sql<IRecordPopulationCreatedQuery>`
  INSERT INTO matterport_populated_models (provider_id, model_id, outcome, property_id)
  VALUES ($providerId!, $modelId!, 'created', $propertyId!)`;

const recordPopulatedModel = sql<IRecordPopulatedModelQuery>`
  INSERT INTO matterport_populated_models (provider_id, model_id, outcome, detail)
  VALUES ($providerId!, $modelId!, $outcome!, $detail)
  ON CONFLICT DO NOTHING`;

/** `matterport_auto_population` (who has it on, and when to look next) and `matterport_populated_models`. */
@Injectable()
export class AutoPopulationRepository {
  constructor(private readonly db: Database) {}

  /** On or off as of `at`; turned on, due at once. An older change than the one stored changes nothing. */
  async setEnabled(tx: Queryable, providerId: string, enabled: boolean, at: string): Promise<void> {
    await queryAffected(tx, setAutoPopulation, { providerId, enabled, at });
  }

  /** Looked at now (the provider has just connected an account), if it has auto-population on. */
  async dueNow(tx: Queryable, providerId: string): Promise<void> {
    await queryAffected(tx, autoPopulationDueNow, { providerId });
  }

  /**
   * Up to `limit` providers due for a look, taken by this replica: the next look is `afterMs` away (sooner when a
   * connection or the setting changes). Other replicas skip the rows this one holds while it takes them.
   */
  async takeDue(limit: number, afterMs: number): Promise<string[]> {
    const taken = await queryRows(this.db.dataSource, takeDueProviders, { limit, afterMs });
    return taken.map((row) => row.providerId);
  }

  /** Which of these models auto-population has dealt with already. */
  async dealtWith(providerId: string, modelIds: string[]): Promise<Set<string>> {
    const dealt = await queryRows(this.db.dataSource, dealtWithModels, { providerId, modelIds });
    return new Set(dealt.map((row) => row.modelId));
  }

  /** Which of these models the provider has a live property of. */
  async withProperty(providerId: string, modelIds: string[]): Promise<Set<string>> {
    const found = await queryRows(this.db.dataSource, modelsWithProperty, { providerId, modelIds });
    return new Set(found.map((row) => row.modelId));
  }

  /** In the property's transaction: a second replica making the same model's property fails here, and rolls back. */
  async recordCreated(tx: Queryable, providerId: string, modelId: string, propertyId: string): Promise<void> {
    await queryAffected(tx, recordPopulationCreated, { providerId, modelId, propertyId });
  }

  async record(providerId: string, modelId: string, result: PopulationOutcome): Promise<void> {
    await queryAffected(this.db.dataSource, recordPopulatedModel, {
      providerId,
      modelId,
      outcome: result.outcome,
      detail: result.outcome === 'refused' ? result.detail : null,
    });
  }
}
