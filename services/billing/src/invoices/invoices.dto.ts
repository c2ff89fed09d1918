import { ApiProperty } from '@nestjs/swagger';
import { RequiredOneOf } from '@tourly/platform';

/** The subscriptions whose next invoice the provider can ask about (the add-on joins when it exists). */
export const UPCOMING_SUBSCRIPTION_TYPES = ['service_plan_subscription'] as const;
export type UpcomingSubscriptionType = (typeof UPCOMING_SUBSCRIPTION_TYPES)[number];

/** `GET /provider/billing/account/fetch_upcoming_invoice_details.json?subscription_type=`. */
export class UpcomingInvoiceQuery {
  @RequiredOneOf(UPCOMING_SUBSCRIPTION_TYPES)
  subscriptionType!: UpcomingSubscriptionType;
}

const INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;

/** One of the provider's Stripe invoices (its plan's and its premium tours'), as the billing page lists it. */
export class InvoiceResponse {
  @ApiProperty({ description: "Stripe's invoice id" })
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  number!: string | null;

  @ApiProperty({ enum: INVOICE_STATUSES })
  status!: string;

  @ApiProperty({ description: 'what it was for: its first line, or its description' })
  description!: string;

  @ApiProperty({ description: 'in cents, after discounts' })
  totalInCents!: number;

  @ApiProperty()
  amountPaidInCents!: number;

  @ApiProperty()
  amountDueInCents!: number;

  @ApiProperty({ description: 'lowercase ISO code, as Stripe writes it' })
  currency!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', description: "the first line's period: what the charge covers" })
  periodStart!: string;

  @ApiProperty({ format: 'date-time' })
  periodEnd!: string;

  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  paidAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'the Stripe subscription it bills' })
  subscriptionId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "Stripe's PDF of the invoice" })
  invoicePdf!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "Stripe's page of the invoice (pay or download)",
  })
  hostedInvoiceUrl!: string | null;
}

export class UpcomingInvoiceLine {
  @ApiProperty()
  description!: string;

  @ApiProperty()
  amountInCents!: number;

  @ApiProperty({ format: 'date-time' })
  periodStart!: string;

  @ApiProperty({ format: 'date-time' })
  periodEnd!: string;
}

/** The next invoice of a subscription, as Stripe previews it. */
export class UpcomingInvoiceResponse {
  @ApiProperty({ enum: UPCOMING_SUBSCRIPTION_TYPES })
  subscriptionType!: UpcomingSubscriptionType;

  @ApiProperty()
  subscriptionId!: string;

  @ApiProperty({ format: 'date-time', description: 'when Stripe will issue and charge it' })
  date!: string;

  @ApiProperty()
  subtotalInCents!: number;

  @ApiProperty({ description: 'after discounts' })
  totalInCents!: number;

  @ApiProperty({ description: 'what the card will be charged (the customer balance applied)' })
  amountDueInCents!: number;

  @ApiProperty()
  currency!: string;

  @ApiProperty({ type: () => [UpcomingInvoiceLine] })
  lines!: UpcomingInvoiceLine[];
}
