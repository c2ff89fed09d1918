import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, Schedules, type PeriodicTask } from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { firstKeptDay, partitionDays } from './analytics.rules';
import { AnalyticsStore } from './analytics-store.port';

/** Partitions are made ahead and dropped after retention once an hour (and at start). */
export const PARTITIONS_EVERY_MS = 3_600_000;

/**
 * Analytics' scheduled work, one replica at a time (an advisory lock each): the rollup of the (property, day) pairs
 * that received events, every `ANALYTICS_ROLLUP_INTERVAL_MS`; the day partitions made ahead (yesterday to two days
 * from now) and dropped whole after `ANALYTICS_RETENTION_DAYS`.
 */
@Injectable()
export class AnalyticsJobs implements OnApplicationBootstrap {
  private readonly rollup: PeriodicTask;
  private readonly partitions: PeriodicTask;
  private readonly retentionDays: number;

  constructor(
    @Inject(CONFIG) config: PropertiesConfig,
    private readonly store: AnalyticsStore,
    schedules: Schedules,
  ) {
    this.retentionDays = config.ANALYTICS_RETENTION_DAYS;
    this.rollup = schedules.every(
      'analytics rollup',
      config.ANALYTICS_ROLLUP_INTERVAL_MS,
      () => this.store.rollUpDue(firstKeptDay(new Date(), this.retentionDays)),
      { exclusiveLock: 'analytics:rollup' },
    );
    this.partitions = schedules.every(
      'analytics partitions',
      PARTITIONS_EVERY_MS,
      () => this.maintain(new Date()),
      {
        exclusiveLock: 'analytics:partitions',
      },
    );
  }

  onApplicationBootstrap(): void {
    void this.partitions.runNow();
  }

  /** A rollup that starts after this call (the demo seed and the tests call it rather than wait): pairs done. */
  rollUpNow(): Promise<number> {
    return this.rollup.runNow();
  }

  /**
   * The partitions around `now` made, those past retention dropped (their pairs still waiting rolled up first, so
   * no day's rollup is lost to its drop); how many partitions were dropped.
   */
  async maintain(now: Date): Promise<number> {
    const firstKept = firstKeptDay(now, this.retentionDays);
    await this.store.prepareDays(partitionDays(now));
    await this.store.rollUpDue(firstKeptDay(new Date(), this.retentionDays));
    return this.store.dropDaysBefore(firstKept);
  }
}
