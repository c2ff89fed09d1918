import { ApiProperty } from '@nestjs/swagger';
import { RequiredFlag, RequiredString } from '@tourly/platform';

/** `PUT /provider/analytics/weekly_report`: whether the signed-in person receives the weekly report. */
export class WeeklyReportSubscriptionForm {
  @RequiredFlag()
  subscribed!: boolean;
}

export class WeeklyReportSubscriptionResponse {
  @ApiProperty({ description: 'the weekly analytics report is e-mailed to this person' })
  subscribed!: boolean;

  @ApiProperty({ format: 'email', description: 'where it goes: the address of the signed-in person' })
  email!: string;
}

/** `POST /analytics/weekly_report/unsubscribe`: the token of a report's unsubscribe link. */
export class WeeklyReportUnsubscribeForm {
  @RequiredString(1000)
  token!: string;
}
