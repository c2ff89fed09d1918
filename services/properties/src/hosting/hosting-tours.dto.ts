import { ApiProperty } from '@nestjs/swagger';
import { RequiredFlag } from '@tourly/platform';

export class HostingExemptForm {
  @RequiredFlag({ description: 'true: the tour stays online whatever its hosting-fee invoices say' })
  hostingExempt!: boolean;
}

/** A tour's hosting state: exempt from pausing, and paused for visitors (an overdue hosting-fee invoice). */
export class HostingStateResponse {
  @ApiProperty({ description: 'the provider exempted it: never paused for an unpaid hosting fee' })
  exempt!: boolean;

  @ApiProperty({ description: 'paused for visitors: a hosting-fee invoice of it is overdue' })
  paused!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  pausedAt!: string | null;
}
