import {
  Inject,
  Injectable,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { Database } from '../database/database';
import { LOGGER } from '../tokens';
import { exclusiveRun } from './exclusive-run';
import { PeriodicTask } from './periodic-task';

/**
 * A service's periodic work, the one way to have it: `schedules.every(name, everyMs, work)` in a provider's
 * constructor gives a PeriodicTask that starts with the service and stops before it shuts down (before the
 * outbox relay and the database close). With `exclusiveLock`, one replica at a time runs it (a PostgreSQL
 * advisory lock of that name); the others skip their turn.
 */
@Injectable()
export class Schedules implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly tasks: PeriodicTask[] = [];

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly db?: Database,
  ) {}

  every(
    name: string,
    everyMs: number,
    work: () => Promise<number>,
    options: { exclusiveLock?: string } = {},
  ): PeriodicTask {
    const { exclusiveLock } = options;
    const db = this.db;
    if (exclusiveLock && !db) throw new Error(`${name}: an exclusive schedule needs the service's database`);
    const run = exclusiveLock && db ? async () => (await exclusiveRun(db, exclusiveLock, work)) ?? 0 : work;
    const task = new PeriodicTask(name, everyMs, run, this.logger);
    this.tasks.push(task);
    return task;
  }

  onApplicationBootstrap(): void {
    for (const task of this.tasks) task.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.stop()));
  }
}
