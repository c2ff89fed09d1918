import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type MigrationInterface } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import type { Logger } from 'pino';
import { tagConnectionsWithImpersonation } from '../audit/impersonation-audit';
import { installImpersonationAudit } from '../audit/impersonation-audit.migration';

export type { EntityManager } from 'typeorm';

/** Server-side errors worth one more try of the whole transaction: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_TRANSACTION_ATTEMPTS = 3;

/** The service's database: one schema, and transactions that retry when PostgreSQL asks them to. */
@Injectable()
export class Database {
  constructor(readonly dataSource: DataSource) {}

  async transaction<T>(work: (tx: EntityManager) => Promise<T>, isolation?: IsolationLevel): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return isolation
          ? await this.dataSource.transaction(isolation, work)
          : await this.dataSource.transaction(work);
      } catch (error) {
        const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code;
        if (attempt >= MAX_TRANSACTION_ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      }
    }
  }
}

/** The advisory lock every service's migrations take turns on, per database. */
const MIGRATIONS_LOCK = 'migrations';

export interface DatabaseOptions {
  url: string;
  schema: string;
  migrations: Array<new () => MigrationInterface>;
  /** Connections per replica; PostgreSQL's own limit is shared by every service and replica. */
  poolSize?: number;
  /** Tables that hold no provider's records, left out of the impersonation audit (`installImpersonationAudit`). */
  unaudited?: readonly string[];
  logger: Logger;
}

/**
 * Connects with the service's schema first on the search path (so migrations write plain table names),
 * creates the schema if needed and runs the committed migrations, under an advisory lock so replicas
 * starting together take turns. One lock for the whole database, not one per schema: services sharing a database
 * (the all-in-one, the tests) also share what is the database's own, such as an extension two of them create
 * (`pg_trgm`), which two migrations creating it at the same moment would fail on.
 */
export async function openDatabase(options: DatabaseOptions, entities: Function[]): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'all',
    synchronize: false,
    extra: { options: `-c search_path=${options.schema}`, max: options.poolSize ?? 10 },
  });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    if (applied.length > 0) {
      options.logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    }
    await installImpersonationAudit(runner, options.schema, options.unaudited ?? []);
    tagConnectionsWithImpersonation(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  } finally {
    if (dataSource.isInitialized) {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATIONS_LOCK]);
    }
    await runner.release();
  }
  return dataSource;
}
