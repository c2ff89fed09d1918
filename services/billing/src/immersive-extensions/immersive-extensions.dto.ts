import { ApiProperty } from '@nestjs/swagger';
import { CURRENCIES, SUBSCRIPTION_STATUSES, type Currency, type SubscriptionStatus } from '@tourly/contracts';
import { OptionalString, PageQuery } from '@tourly/platform';

/** `GET /provider/billing/immersive_extensions`: paged, `search` in the tours' titles. */
export class ImmersiveExtensionsQuery extends PageQuery {
  @OptionalString(200)
  search?: string;
}

/** A premium tour paid on its own. */
export class ImmersiveExtensionResponse {
  @ApiProperty({ description: "the Stripe subscription's id" })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty()
  propertyTitle!: string;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  status!: SubscriptionStatus;

  @ApiProperty({ description: 'it pays for its tour: active, trialing or past due' })
  active!: boolean;

  @ApiProperty({ description: 'a month, in cents' })
  amountInCents!: number;

  @ApiProperty({ enum: CURRENCIES })
  currency!: Currency;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  currentPeriodEnd!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  endedAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
