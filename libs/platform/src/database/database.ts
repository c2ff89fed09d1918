import { Injectable } from '@nestjs/common';
import { DataSource, MigrationExecutor, type EntityManager, type MigrationInterface } from 'typeorm';
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
  /**
   * False: the schema is not touched, only checked (a release migrates it once, `node services/<name>/dist/main.js
   * migrate`, before its replicas start); a migration it lacks stops the start with `SchemaBehind`. Default true.
   */
  migrate?: boolean;
  /** Connections per replica; PostgreSQL's own limit is shared by every service and replica. */
  poolSize?: number;
  /** Tables that hold no provider's records, left out of the impersonation audit (`installImpersonationAudit`). */
  unaudited?: readonly string[];
  logger: Logger;
}

/** A service started without migrating (MIGRATIONS_AT_BOOT=false) on a schema its release has not migrated yet. */
export class SchemaBehind extends Error {
  constructor(
    readonly schema: string,
    readonly missing: readonly string[],
  ) {
    super(
      `${schema} will not start: its schema lacks ${missing.length === 1 ? 'the migration' : `${missing.length} migrations`} ` +
        `${missing.join(', ')} (MIGRATIONS_AT_BOOT=false). Run \`node services/${schema}/dist/main.js migrate\` for ` +
        'this release, then start it again.',
    );
    this.name = 'SchemaBehind';
  }
}

/**
 * Connects with the service's schema first on the search path (so migrations write plain table names), then
 * migrates the schema (`migrateSchema`), or, with `migrate: false`, checks that nothing is left to migrate.
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
  try {
    if (options.migrate === false) {
      const missing = await new MigrationExecutor(dataSource).getPendingMigrations();
      const names = missing.map((migration) => migration.name);
      if (names.length > 0) throw new SchemaBehind(options.schema, names);
    } else {
      await migrateSchema(dataSource, options);
    }
    tagConnectionsWithImpersonation(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/**
 * Creates the schema if needed, runs the committed migrations and puts the impersonation audit on its tables, under
 * an advisory lock so replicas starting together take turns. One lock for the whole database, not one per schema:
 * services sharing a database (the all-in-one, the tests) also share what is the database's own, such as an
 * extension two of them create (`pg_trgm`), which two migrations creating it at the same moment would fail on.
 */
async function migrateSchema(dataSource: DataSource, options: DatabaseOptions): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    if (applied.length > 0) {
      options.logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    }
    await installImpersonationAudit(runner, options.schema, options.unaudited ?? []);
    // Only on success: after a failure the lock goes with its connection, which openDatabase then closes.
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATIONS_LOCK]);
  } finally {
    await runner.release();
  }
}
