import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { CREDIT_CATEGORIES, MESSAGES, type CreditCategory } from '@tourly/contracts';
import { IdParam, IsoDate, OptionalOneOf, OptionalString, PageQuery } from '@tourly/platform';
import { CreditBalanceResponse } from '../credits/credits.dto';
import {
  MAX_VOUCHER_CREDITS,
  normalizedCode,
  VOUCHER_CODE,
  VOUCHER_CODE_RULE,
  VOUCHER_NOT_FOUND,
  VOUCHER_STATUSES,
  type VoucherStatus,
} from './vouchers.rules';

const INT4_MAX = 2_147_483_647;

/** A voucher's id in a path: not a UUID is "not found" too. */
export const voucherId = () => IdParam(VOUCHER_NOT_FOUND);

/** A code as typed: trimmed and upper-cased (codes are case-insensitive), then held to the code's rule. */
const VoucherCode = (rule: boolean) =>
  applyDecorators(
    ApiProperty({
      type: String,
      ...(rule && { pattern: VOUCHER_CODE.source, minLength: 3, maxLength: 40 }),
      description: 'case-insensitive; stored upper-cased',
    }),
    Transform(({ value }) => (typeof value === 'string' ? normalizedCode(value) : value)),
    IsString({ message: MESSAGES.required }),
    IsNotEmpty({ message: MESSAGES.required }),
    ...(rule ? [Matches(VOUCHER_CODE, { message: VOUCHER_CODE_RULE })] : []),
  );

/** A whole number that may be left out or null. */
const OptionalWhole = (min: number, max: number, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: min, maximum: max, nullable: true, description }),
    IsOptional(),
    IsInt({ message: 'must be a whole number' }),
    Min(min, { message: `must be at least ${min}` }),
    Max(max, { message: `must be at most ${max}` }),
  );

/**
 * `POST /admin/vouchers` and `PUT /admin/vouchers/{id}`: the flat record react-admin sends (its other keys, such as
 * `id`, `status` or `redemptions_count`, are ignored). PUT replaces every field. Exactly one of `credits` and
 * `discount_percent`.
 */
export class VoucherForm {
  @VoucherCode(true)
  code!: string;

  @OptionalString(500)
  description?: string | null;

  /** Credits given at once on redemption. */
  @OptionalWhole(1, MAX_VOUCHER_CREDITS, 'credits given at once; or discount_percent')
  credits?: number | null;

  /** A discount on the provider's next credits purchase. */
  @OptionalWhole(1, 99, "percent off the provider's next credits purchase; or credits")
  discountPercent?: number | null;

  /** What the ledger row of a credits voucher carries; unset: `promotional`. */
  @OptionalOneOf(CREDIT_CATEGORIES)
  category?: CreditCategory | null;

  /** How many providers may redeem it in all; unset: no limit. */
  @OptionalWhole(1, INT4_MAX, 'how many providers may redeem it; null: no limit')
  redemptionLimit?: number | null;

  /** Unset: never expires. */
  @IsoDate({ optional: true })
  expiresAt?: string | null;
}

/** `GET /admin/vouchers`: newest first, archived vouchers left out. */
export class VouchersQuery extends PageQuery {
  /** In the code and the description. */
  @OptionalString(100)
  search?: string;
}

/** `POST /provider/billing/vouchers/redeem`. */
export class RedeemVoucherForm {
  @VoucherCode(false)
  code!: string;
}

/** A voucher as the admin console shows it. */
export class VoucherResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  code!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'credits given at once (or a discount)' })
  credits!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'percent off the next credits purchase (or credits)',
  })
  discountPercent!: number | null;

  @ApiProperty({ enum: CREDIT_CATEGORIES, description: 'the category of the credits given' })
  category!: CreditCategory;

  @ApiProperty({ type: Number, nullable: true, description: 'null: no limit' })
  redemptionLimit!: number | null;

  @ApiProperty({ description: 'how many providers redeemed it' })
  redemptionsCount!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: never' })
  expiresAt!: string | null;

  @ApiProperty({ enum: VOUCHER_STATUSES, description: 'only an active voucher can be redeemed' })
  status!: VoucherStatus;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** The voucher a provider redeemed, as the page tells it. */
export class RedeemedVoucherResponse {
  @ApiProperty()
  code!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'credits given' })
  credits!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'percent off the next credits purchase' })
  discountPercent!: number | null;
}

export class RedemptionResponse {
  @ApiProperty({ type: () => RedeemedVoucherResponse })
  voucher!: RedeemedVoucherResponse;

  @ApiProperty({ type: () => CreditBalanceResponse })
  balance!: CreditBalanceResponse;
}

/** One of the provider's redemptions. */
export class ProviderRedemptionResponse {
  @ApiProperty()
  code!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'credits it gave' })
  credits!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'the discount it gave' })
  discountPercent!: number | null;

  @ApiProperty({ format: 'date-time' })
  redeemedAt!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when the purchase the discount went to was paid',
  })
  usedAt!: string | null;

  @ApiProperty({ description: 'a discount not used by a purchase yet' })
  waiting!: boolean;
}
