import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { CREDIT_CATEGORIES, MESSAGES, type CreditCategory } from '@tourly/contracts';
import { OptionalString, PageQuery, RequiredOneOf } from '@tourly/platform';
import { LedgerEntryResponse } from './credits.dto';

export const MAX_BUNDLE_CREDITS = 1_000_000;
export const NOT_A_PROVIDER_ID = 'is not a provider id';

/** `GET /admin/credit_bundles.json`: one provider's bundles, or every provider's. */
export class CreditBundlesQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "unset: every provider's" })
  @IsUUID('all', { message: NOT_A_PROVIDER_ID })
  @IsOptional()
  providerId?: string;
}

/** `POST /admin/credit_bundles.json`: credits an admin gives a provider, with one of the fourteen categories. */
export class CreditBundleForm {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: NOT_A_PROVIDER_ID })
  @IsDefined({ message: MESSAGES.required })
  providerId!: string;

  @ApiProperty({ type: Number, minimum: 1, maximum: MAX_BUNDLE_CREDITS })
  @Max(MAX_BUNDLE_CREDITS, { message: `must be at most ${MAX_BUNDLE_CREDITS}` })
  @Min(1, { message: 'must be at least 1' })
  @IsInt({ message: 'must be a whole number of credits' })
  @IsDefined({ message: MESSAGES.required })
  creditsQty!: number;

  @RequiredOneOf(CREDIT_CATEGORIES)
  category!: CreditCategory;

  /** The provider's history shows it: "Credits given: <note>". */
  @OptionalString(500)
  note?: string | null;
}

/** A ledger row that brought credits in, as the provider's history shows it, with its provider. */
export class CreditBundleResponse extends LedgerEntryResponse {
  @ApiProperty({ format: 'uuid' })
  providerId!: string;
}
