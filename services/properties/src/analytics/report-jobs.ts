import { Injectable } from '@nestjs/common';
import { Schedules } from '@tourly/platform';
import { ReportService } from './report.service';

/**
 * The weekly report is looked for once an hour: what is due and not sent yet leaves. Each look reads every provider
 * with views that week (its tours' numbers, identity's recipients) whether or not its mails left, so it is not made
 * more often. Not at start: a platform starting together would ask identity before it answers (the run would fail,
 * logged, and wait for the next), and an hour late is on time for a weekly email.
 */
export const REPORT_CHECK_EVERY_MS = 3_600_000;

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
