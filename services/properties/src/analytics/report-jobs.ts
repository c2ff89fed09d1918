import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Schedules, type PeriodicTask } from '@tourly/platform';
import { ReportService } from './report.service';

/** The weekly report is looked for once an hour (and at start): what is due and not sent yet leaves. */
export const REPORT_CHECK_EVERY_MS = 3_600_000;

/** The weekly report's schedule, one replica at a time (an advisory lock, as the other analytics jobs). */
@Injectable()
export class ReportJobs implements OnApplicationBootstrap {
  private readonly weekly: PeriodicTask;

  constructor(reports: ReportService, schedules: Schedules) {
    this.weekly = schedules.every(
      'analytics weekly report',
      REPORT_CHECK_EVERY_MS,
      () => reports.sendWeeklyReports(new Date()),
      { exclusiveLock: 'analytics:weekly-report' },
    );
  }

  onApplicationBootstrap(): void {
    void this.weekly.runNow();
  }
}
