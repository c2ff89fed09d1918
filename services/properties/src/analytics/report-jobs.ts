import { Injectable } from '@nestjs/common';
import { Schedules } from '@tourly/platform';
import { ReportService } from './report.service';

/**
 * The weekly report is looked for every 10 minutes: what is due and not sent yet leaves. Not at start: a platform
 * starting together would ask identity for the recipients before it answers (the run would fail, logged, and wait for
 * the next), and 10 minutes late is on time for a weekly email.
 */
export const REPORT_CHECK_EVERY_MS = 600_000;

/** The weekly report's schedule, one replica at a time (an advisory lock, as the other analytics jobs). */
@Injectable()
export class ReportJobs {
  constructor(reports: ReportService, schedules: Schedules) {
    schedules.every(
      'analytics weekly report',
      REPORT_CHECK_EVERY_MS,
      () => reports.sendWeeklyReports(new Date()),
      { exclusiveLock: 'analytics:weekly-report' },
    );
  }
}
