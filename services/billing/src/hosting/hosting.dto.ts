import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  CURRENCIES,
  HOSTING_INTERVALS,
  HOSTING_INVOICE_STATUSES,
  HOSTING_LIMITS,
  MERCHANT_ACCOUNT_STATUSES,
  MESSAGES,
  SUBSCRIPTION_STATUSES,
  type Currency,
  type HostingInterval,
  type HostingInvoiceStatus,
  type MerchantAccountStatus,
  type SubscriptionStatus,
} from '@tourly/contracts';
import {
  DecimalNumber,
  IdField,
  ListField,
  NumberField,
  OneOfField,
  OptionalFlag,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  QueryInt,
  RequiredEmail,
  RequiredFlag,
  RequiredOneOf,
  RequiredString,
  TextField,
  TimeField,
} from '@tourly/platform';
import { ACCOUNT_LINK_ORIGINS, type AccountLinkOrigin } from '../portal/customer-portal.rules';

// Merchant account

export class MerchantAccountResponse {
  @OneOfField(MERCHANT_ACCOUNT_STATUSES)
  status!: MerchantAccountStatus;

  @TextField({ nullable: true, description: "the connected account's Stripe id (acct_...)" })
  accountId!: string | null;

  @ApiProperty()
  chargesEnabled!: boolean;

  @ApiProperty()
  payoutsEnabled!: boolean;

  @ApiProperty()
  detailsSubmitted!: boolean;

  @ListField(String, { description: "what Stripe still needs (its requirements' currently_due)" })
  requirementsDue!: string[];

  @TextField({ nullable: true })
  country!: string | null;

  @TextField({ nullable: true })
  defaultCurrency!: string | null;

  @NumberField({
    nullable: true,
    description: "the platform's share of each payment, in percent (null: none)",
  })
  applicationFeePercent!: number | null;
}

/** `POST /provider/billing/merchant_account/account_link` (000 §7: the link takes came_from and return_url). */
export class AccountLinkRequest {
  @OptionalOneOf(Object.keys(ACCOUNT_LINK_ORIGINS) as AccountLinkOrigin[])
  cameFrom?: AccountLinkOrigin;

  /** A page of this site (whole, or a path) Stripe's onboarding leads back to. */
  @OptionalString(2000)
  returnUrl?: string;
}

export class AccountLinkResponse {
  @ApiProperty({
    description: "Stripe's onboarding of the merchant account: open it now, it expires within minutes",
  })
  url!: string;
}

/** Stripe's cursor paging, passed through. */
export class TaxRatesQuery {
  @QueryInt({ min: 1, max: 100, description: 'tax rates per page (1 to 100, default 10)' })
  limit = 10;

  @OptionalString(255, { nullable: false })
  startingAfter?: string;
}

export class TaxRateForm {
  @RequiredString(50)
  displayName!: string;

  @ApiProperty({ type: Number, minimum: 0, maximum: 100 })
  @Max(100, { message: 'must be between 0 and 100' })
  @Min(0, { message: 'must be between 0 and 100' })
  @DecimalNumber(4, 'must be a number with at most 4 decimals')
  @IsDefined({ message: MESSAGES.required })
  percentage!: number;

  @RequiredFlag()
  inclusive!: boolean;

  @ApiPropertyOptional({ type: String, example: 'US', nullable: true })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'must be a two-letter country code, e.g. US' })
  country?: string;

  @OptionalString(50)
  jurisdiction?: string;

  @OptionalString(100)
  description?: string;
}

export class TaxRateResponse {
  @ApiProperty({ description: "Stripe's id (txr_...)" })
  id!: string;

  @ApiProperty()
  displayName!: string;

  @ApiProperty()
  percentage!: number;

  @ApiProperty()
  inclusive!: boolean;

  @TextField({ nullable: true })
  country!: string | null;

  @TextField({ nullable: true })
  jurisdiction!: string | null;

  @TextField({ nullable: true })
  description!: string | null;

  @ApiProperty()
  active!: boolean;

  @TimeField()
  created!: string;
}

export class TaxRatesResponse {
  @ListField(TaxRateResponse)
  items!: TaxRateResponse[];

  @ApiProperty({ description: 'more after the last: ask again with starting_after = its id' })
  hasMore!: boolean;
}

// Customers

export class HostingCustomersQuery extends PageQuery {
  @OptionalString(200)
  search?: string;
}

export class HostingCustomerForm {
  @RequiredString(200)
  name!: string;

  @RequiredEmail()
  email!: string;

  @ApiPropertyOptional({ format: 'uuid', nullable: true, description: "one of the provider's clients" })
  @IsOptional()
  @IsUUID('all', { message: 'is not one of your clients' })
  clientId?: string;
}

export class HostingCustomerResponse {
  @IdField()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @IdField({ nullable: true })
  clientId!: string | null;

  @ApiProperty()
  subscriptionsCount!: number;

  @TimeField()
  createdAt!: Date;
}

// Subscriptions

export class HostingSubscriptionsQuery extends PageQuery {
  @OptionalString(200)
  search?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'is not a customer id' })
  customerId?: string;

  @OptionalOneOf(SUBSCRIPTION_STATUSES)
  status?: SubscriptionStatus;
}

export class HostingSubscriptionForm {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'is not a customer id' })
  @IsDefined({ message: MESSAGES.required })
  customerId!: string;

  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: HOSTING_LIMITS.maxProperties })
  @IsUUID('all', { each: true, message: 'must list property ids' })
  @ArrayMaxSize(HOSTING_LIMITS.maxProperties, {
    message: `must list at most ${HOSTING_LIMITS.maxProperties}`,
  })
  @ArrayNotEmpty({ message: MESSAGES.required })
  @IsArray({ message: MESSAGES.required })
  propertyIds!: string[];

  @RequiredOneOf(HOSTING_INTERVALS)
  interval!: HostingInterval;

  @ApiProperty({ type: Number, minimum: HOSTING_LIMITS.minAmount, maximum: HOSTING_LIMITS.maxAmount })
  @Max(HOSTING_LIMITS.maxAmount, { message: `must be at most ${HOSTING_LIMITS.maxAmount}` })
  @Min(HOSTING_LIMITS.minAmount, { message: `must be at least ${HOSTING_LIMITS.minAmount}` })
  @IsInt({ message: 'must be a whole number of cents' })
  @IsDefined({ message: MESSAGES.required })
  amount!: number;

  @OptionalOneOf(CURRENCIES)
  currency?: Currency;

  @OptionalString(HOSTING_LIMITS.descriptionMaxLength)
  description?: string;

  @ApiPropertyOptional({ type: [String], maxItems: HOSTING_LIMITS.maxTaxRates })
  @IsOptional()
  @IsString({ each: true, message: 'must list tax rate ids' })
  @MaxLength(255, { each: true, message: 'must list tax rate ids' })
  @ArrayMaxSize(HOSTING_LIMITS.maxTaxRates, { message: `must list at most ${HOSTING_LIMITS.maxTaxRates}` })
  @IsArray({ message: 'must list tax rate ids' })
  taxRateIds?: string[];

  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: HOSTING_LIMITS.maxDaysUntilDue,
    description: `the days the client has to pay each invoice, and the grace before its tours pause (default ${HOSTING_LIMITS.daysUntilDue})`,
  })
  @IsOptional()
  @Max(HOSTING_LIMITS.maxDaysUntilDue, { message: `must be at most ${HOSTING_LIMITS.maxDaysUntilDue}` })
  @Min(1, { message: 'must be at least 1' })
  @IsInt({ message: 'must be a whole number of days' })
  daysUntilDue?: number;
}

export class CancelHostingSubscription {
  @OptionalFlag({ description: 'end at the period end rather than now (default false)' })
  atPeriodEnd?: boolean;
}

export class HostingSubscriptionResponse {
  @IdField()
  id!: string;

  @IdField()
  customerId!: string;

  @ApiProperty()
  customerName!: string;

  @OneOfField(SUBSCRIPTION_STATUSES)
  status!: SubscriptionStatus;

  @OneOfField(HOSTING_INTERVALS)
  interval!: HostingInterval;

  @ApiProperty({ description: 'each period, in minor units' })
  amount!: number;

  @ApiProperty()
  currency!: string;

  @TextField({ nullable: true })
  description!: string | null;

  @ApiProperty({ type: [String], format: 'uuid' })
  propertyIds!: string[];

  @ListField(String)
  taxRateIds!: string[];

  @NumberField({ nullable: true })
  applicationFeePercent!: number | null;

  @TimeField({ nullable: true })
  currentPeriodEnd!: Date | null;

  @ApiProperty()
  cancelAtPeriodEnd!: boolean;

  @TimeField({ nullable: true })
  canceledAt!: Date | null;

  @TimeField()
  createdAt!: Date;
}

// Invoices

export class HostingInvoicesQuery extends PageQuery {
  @OptionalString(200)
  search?: string;

  @OptionalOneOf(HOSTING_INVOICE_STATUSES)
  status?: HostingInvoiceStatus;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'is not a subscription id' })
  subscriptionId?: string;
}

export class HostingInvoiceResponse {
  @IdField()
  id!: string;

  @IdField({ nullable: true })
  subscriptionId!: string | null;

  @IdField()
  customerId!: string;

  @ApiProperty()
  customerName!: string;

  @TextField({ nullable: true })
  number!: string | null;

  @OneOfField(HOSTING_INVOICE_STATUSES)
  status!: HostingInvoiceStatus;

  @ApiProperty()
  amountDue!: number;

  @ApiProperty()
  amountPaid!: number;

  @ApiProperty()
  currency!: string;

  @TimeField({ nullable: true })
  dueDate!: Date | null;

  @TimeField()
  createdAt!: Date;

  @TextField({ nullable: true })
  hostedInvoiceUrl!: string | null;
}

export class PaymentLinkResponse {
  @ApiProperty({ description: "Stripe's hosted invoice page, where the client pays" })
  url!: string;
}

/** A hosting-fee invoice as the client sees it in its portal. */
export class PortalHostingInvoiceResponse {
  @IdField()
  id!: string;

  @TextField({ nullable: true })
  number!: string | null;

  @OneOfField(HOSTING_INVOICE_STATUSES)
  status!: HostingInvoiceStatus;

  @ApiProperty({ description: 'overdue: open past its due date (its tours are paused)' })
  overdue!: boolean;

  @ApiProperty({ description: 'in minor units' })
  amountDue!: number;

  @ApiProperty()
  amountPaid!: number;

  @ApiProperty()
  currency!: string;

  @TimeField({ nullable: true })
  dueDate!: Date | null;

  @TimeField()
  createdAt!: Date;

  @TextField({ nullable: true, description: 'Stripe\'s page where the client pays it ("Pay now")' })
  hostedInvoiceUrl!: string | null;
}
