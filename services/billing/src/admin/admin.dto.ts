import { ApiProperty } from '@nestjs/swagger';
import { BillingAccountResponse } from '../accounts/billing-accounts.dto';

/** The billing account as the back office sees it: with its Stripe ids and the negotiated discount. */
export class AdminBillingAccountResponse extends BillingAccountResponse {
  @ApiProperty({ type: String, nullable: true })
  stripeCustomerId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  testClockId!: string | null;

  @ApiProperty({ minimum: 0, maximum: 100 })
  discountPercent!: number;
}
