import { Body, Controller, Get, Put } from '@nestjs/common';
import { Caller, NotWhileImpersonating, ProviderId, Responds, Roles } from '@tourly/platform';
import { WeeklyReportSubscriptionForm, WeeklyReportSubscriptionResponse } from './report.dto';
import { ReportService } from './report.service';

/** The signed-in person's own subscription to the provider's weekly analytics report (by their address). */
@Controller('provider/analytics/weekly_report')
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  @Get()
  @Roles('admin', 'scan_technician', 'member')
  @Responds(WeeklyReportSubscriptionResponse)
  get(@ProviderId() providerId: string, @Caller() caller: Caller): Promise<WeeklyReportSubscriptionResponse> {
    return this.reports.subscription(providerId, caller.userId!);
  }

  /**
   * A person's own choice, a member's too: no `@Roles`, whose read-only rule would refuse a member's PUT. A client
   * user or staff outside a provider is refused by `@ProviderId`, anyone identity does not count among the provider's
   * people by the service, and an administrator impersonating someone cannot choose for them.
   */
  @Put()
  @NotWhileImpersonating()
  @Responds(WeeklyReportSubscriptionResponse)
  set(
    @ProviderId() providerId: string,
    @Caller() caller: Caller,
    @Body() body: WeeklyReportSubscriptionForm,
  ): Promise<WeeklyReportSubscriptionResponse> {
    return this.reports.subscribe(providerId, caller.userId!, body.subscribed);
  }
}
