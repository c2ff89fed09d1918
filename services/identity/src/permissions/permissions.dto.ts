import { ApiProperty } from '@nestjs/swagger';
import {
  MEMBERSHIP_ROLES,
  PRODUCT_CODES,
  SUBSCRIPTION_STATUSES,
  type MembershipRole,
  type ProductCode,
  type SubscriptionStatus,
} from '@tourly/contracts';

/** What the caller's role may do in its provider. */
export class AccountPermissionsResponse {
  @ApiProperty({ enum: MEMBERSHIP_ROLES })
  role!: MembershipRole;

  @ApiProperty()
  manageBilling!: boolean;

  @ApiProperty()
  manageUsers!: boolean;

  @ApiProperty()
  manageSettings!: boolean;

  @ApiProperty()
  manageProperties!: boolean;

  @ApiProperty()
  viewProperties!: boolean;
}

/** What the provider's plan allows (a lapsed or free plan: the free plan's restrictions). */
export class PublishingPermissionsResponse {
  @ApiProperty({ enum: PRODUCT_CODES })
  productCode!: ProductCode;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES, nullable: true })
  status!: SubscriptionStatus | null;

  @ApiProperty()
  canPublish!: boolean;

  @ApiProperty()
  canShare!: boolean;

  @ApiProperty()
  heatMap!: boolean;

  @ApiProperty()
  bookingForm!: boolean;

  @ApiProperty()
  clientPortal!: boolean;

  @ApiProperty()
  whitelabelDomain!: boolean;

  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' })
  premiumTourLimit!: number | null;
}

export class CreatorStudioResponse {
  @ApiProperty()
  enabled!: boolean;
}
