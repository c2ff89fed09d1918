import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Max, Min } from 'class-validator';
import { HOSTING_LIMITS } from '@tourly/contracts';
import { DecimalNumber, NumberField } from '@tourly/platform';
import { BillingAccountForm, BillingAccountResponse } from '../accounts/billing-accounts.dto';

const FEE_RANGE = `must be between 0 and ${HOSTING_LIMITS.maxApplicationFeePercent}`;

/** The billing form as the back office sends it, with the platform's share of the provider's hosting fees. */
export class AdminBillingAccountForm extends BillingAccountForm {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: HOSTING_LIMITS.maxApplicationFeePercent,
    description:
      "the platform's share of each hosting-fee payment, in percent (null: none; left out: unchanged)",
  })
  @IsOptional()
  @Max(HOSTING_LIMITS.maxApplicationFeePercent, { message: FEE_RANGE })
  @Min(0, { message: FEE_RANGE })
  @DecimalNumber(2, 'must be a percentage with at most 2 decimals')
  hostingApplicationFeePercent?: number | null;
}

/** The billing account as the back office sees it: with its Stripe ids and the negotiated discount. */
export class AdminBillingAccountResponse extends BillingAccountResponse {
  @ApiProperty({ type: String, nullable: true })
  stripeCustomerId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  testClockId!: string | null;

  @ApiProperty({ minimum: 0, maximum: 100 })
  discountPercent!: number;

  @NumberField({
    nullable: true,
    description: "the platform's share of each hosting-fee payment, in percent",
  })
  hostingApplicationFeePercent!: number | null;
}
