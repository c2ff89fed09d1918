import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';

export class HostingExemptForm {
  @ApiProperty({ description: 'true: the tour stays online whatever its hosting-fee invoices say' })
  @IsBoolean({ message: 'must be true or false' })
  @IsDefined({ message: MESSAGES.required })
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
