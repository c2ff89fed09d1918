import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import { WeeklyReportUnsubscribeForm } from './report.dto';
import { ReportService } from './report.service';

/**
 * The one-click unsubscribe of a weekly report's link: public (the token is the proof), POST only, so a mail scanner
 * that follows the link (a GET of the web app's page) stops nothing.
 */
@Controller('analytics/weekly_report')
@Public()
export class ReportPublicController {
  constructor(private readonly reports: ReportService) {}

  @Post('unsubscribe')
  @HttpCode(204)
  @Responds(null)
  async unsubscribe(@Body() body: WeeklyReportUnsubscribeForm): Promise<void> {
    await this.reports.unsubscribe(body.token);
  }
}
