import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, Max, Min, NotEquals } from 'class-validator';
import {
  CREDIT_BUNDLE_SIZES,
  CREDIT_CATEGORIES,
  CREDIT_RESERVATION_STATUSES,
  CURRENCIES,
  MAX_CREDITS_PER_PURCHASE,
  MESSAGES,
  type CreditBundleSize,
  type CreditCategory,
  type CreditReservationStatus,
  type Currency,
} from '@tourly/contracts';
import { OptionalString, RequiredOneOf, RequiredString } from '@tourly/platform';
import { LEDGER_KINDS, type LedgerKind } from './credits.repository';
const MAX_ADJUSTMENT = 1_000_000;

/** `credits_qty`: a whole number of credits, 1 to MAX_CREDITS_PER_PURCHASE; the first rule broken is said. */
const CreditsQty = () =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: 1, maximum: MAX_CREDITS_PER_PURCHASE }),
    IsDefined({ message: MESSAGES.required }),
    IsInt({ message: 'must be a whole number of credits' }),
    Min(1, { message: 'must be at least 1' }),
    Max(MAX_CREDITS_PER_PURCHASE, { message: `must be at most ${MAX_CREDITS_PER_PURCHASE}` }),
  );

/** `GET /provider/billing/calculate_credits_price?credits_qty=`. */
export class CreditsPriceQuery {
  @CreditsQty()
  @Type(() => Number)
  creditsQty!: number;
}

/** `POST /provider/billing/purchase_credits_payment_intent`. */
export class PurchaseCreditsForm {
  @CreditsQty()
  creditsQty!: number;

  /** A saved card to charge now; unset: the page confirms the intent with Stripe.js (a new or saved card). */
  @OptionalString(255)
  paymentMethodId?: string;
}

/** `POST /provider/billing/purchase_credits_success` (other keys the page sends are ignored). */
export class PurchaseCreditsSuccess {
  @RequiredString(255)
  paymentIntentId!: string;
}

/** `POST /admin/providers/{id}/credit_adjustments`: credits given (positive) or taken back (negative). */
export class CreditAdjustmentForm {
  @RequiredOneOf(CREDIT_CATEGORIES)
  category!: CreditCategory;

  @ApiProperty({ type: Number, minimum: -MAX_ADJUSTMENT, maximum: MAX_ADJUSTMENT, description: 'not 0' })
  @NotEquals(0, { message: 'must not be 0' })
  @Max(MAX_ADJUSTMENT, { message: `must be at most ${MAX_ADJUSTMENT}` })
  @Min(-MAX_ADJUSTMENT, { message: `must be at least -${MAX_ADJUSTMENT}` })
  @IsInt({ message: 'must be a whole number of credits' })
  @IsDefined({ message: MESSAGES.required })
  amount!: number;

  @OptionalString(500)
  note?: string;
}

export class CreditBalanceResponse {
  @ApiProperty({ description: 'every credit the provider owns: available plus reserved' })
  creditBalance!: number;

  @ApiProperty({ description: 'credits the provider can spend now' })
  availableBalance!: number;

  @ApiProperty({ description: 'credits held for orders in progress' })
  reservedBalance!: number;
}

/** The provider's voucher discount waiting for its next purchase, as a price applies it. */
export class PriceVoucherResponse {
  @ApiProperty()
  code!: string;

  @ApiProperty({ description: 'taken off the total after the bundle saving' })
  discountPercent!: number;
}

export class CreditsPriceResponse {
  @ApiProperty()
  creditsQty!: number;

  @ApiProperty({ enum: CURRENCIES })
  currency!: Currency;

  @ApiProperty({ description: 'one credit, in cents' })
  unitPriceInCents!: number;

  @ApiProperty({ enum: CREDIT_BUNDLE_SIZES, nullable: true, description: 'the bundle whose saving applies' })
  bundle!: CreditBundleSize | null;

  @ApiProperty({ description: "the bundle's saving" })
  discountPercent!: number;

  @ApiProperty()
  subtotalInCents!: number;

  @ApiProperty({ description: 'both savings: the bundle and the voucher' })
  discountInCents!: number;

  @ApiProperty({
    type: () => PriceVoucherResponse,
    nullable: true,
    description: "the provider's voucher discount, applied to this purchase",
  })
  voucher!: PriceVoucherResponse | null;

  @ApiProperty({ description: "what the voucher's discount takes off the bundle's total" })
  voucherDiscountInCents!: number;

  @ApiProperty()
  totalInCents!: number;
}

export class PurchaseIntentResponse extends CreditsPriceResponse {
  @ApiProperty({ description: "the Stripe payment intent's id" })
  id!: string;

  @ApiProperty({ description: 'what the page confirms with Stripe.js' })
  clientSecret!: string;

  @ApiProperty()
  publishableKey!: string;

  @ApiProperty({
    enum: ['success', 'requires_action', 'requires_payment_method'],
    description:
      'success: paid and granted; requires_action: confirm (3-D Secure) with the client secret; ' +
      'requires_payment_method: confirm with a card on the page',
  })
  result!: 'success' | 'requires_action' | 'requires_payment_method';
}

export class PurchaseSuccessResponse {
  @ApiProperty({
    enum: ['success', 'requires_action', 'processing'],
    description: 'success: the credits are granted (once, whoever asks)',
  })
  result!: 'success' | 'requires_action' | 'processing';

  @ApiProperty()
  creditsQty!: number;

  @ApiProperty({ type: String, nullable: true, description: 'with requires_action' })
  clientSecret!: string | null;

  @ApiProperty({ type: () => CreditBalanceResponse })
  balance!: CreditBalanceResponse;
}

export class CreditPurchaseResponse {
  @ApiProperty({ description: "the Stripe payment intent's id" })
  id!: string;

  @ApiProperty()
  creditsQty!: number;

  @ApiProperty({ enum: CREDIT_BUNDLE_SIZES, nullable: true })
  bundle!: CreditBundleSize | null;

  @ApiProperty()
  unitPriceInCents!: number;

  @ApiProperty()
  discountPercent!: number;

  @ApiProperty({ type: String, nullable: true, description: 'the voucher whose discount this purchase had' })
  voucherCode!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  voucherDiscountPercent!: number | null;

  @ApiProperty()
  amountInCents!: number;

  @ApiProperty({ enum: CURRENCIES })
  currency!: Currency;

  @ApiProperty({
    description: "the payment's status as Stripe last said it (succeeded: the credits are granted)",
  })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  grantedAt!: string | null;
}

/** One ledger row. */
export class LedgerEntryResponse {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: LEDGER_KINDS })
  kind!: LedgerKind;

  @ApiProperty({ enum: CREDIT_CATEGORIES, nullable: true })
  category!: CreditCategory | null;

  @ApiProperty({ description: 'signed credits' })
  amount!: number;

  @ApiProperty({ description: "a user's id, or system" })
  actor!: string;

  @ApiProperty({ type: String, nullable: true })
  reference!: string | null;

  @ApiProperty({ type: String, nullable: true })
  note!: string | null;

  @ApiProperty({ enum: CREDIT_RESERVATION_STATUSES, nullable: true, description: "a spend's reservation" })
  status!: CreditReservationStatus | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class CreditAdjustmentResponse {
  @ApiProperty({ type: () => LedgerEntryResponse })
  adjustment!: LedgerEntryResponse;

  @ApiProperty({ type: () => CreditBalanceResponse })
  balance!: CreditBalanceResponse;
}
