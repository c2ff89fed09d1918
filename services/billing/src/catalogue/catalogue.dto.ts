import { ApiProperty } from '@nestjs/swagger';
import { PRODUCT_CODES, type ProductCode } from '@tourly/contracts';

/** A plan's prices in one currency, in cents. */
export class PlanPriceResponse {
  @ApiProperty()
  monthly!: number;

  @ApiProperty()
  annual!: number;

  @ApiProperty({ description: 'the annual price by the month' })
  annualPerMonth!: number;
}

/** A plan's prices in every currency. */
export class PlanPricesResponse {
  @ApiProperty({ type: () => PlanPriceResponse })
  aud!: PlanPriceResponse;

  @ApiProperty({ type: () => PlanPriceResponse })
  cad!: PlanPriceResponse;

  @ApiProperty({ type: () => PlanPriceResponse })
  eur!: PlanPriceResponse;

  @ApiProperty({ type: () => PlanPriceResponse })
  gbp!: PlanPriceResponse;

  @ApiProperty({ type: () => PlanPriceResponse })
  nzd!: PlanPriceResponse;

  @ApiProperty({ type: () => PlanPriceResponse })
  usd!: PlanPriceResponse;
}

/** A plan of the grid (000 §2, §9). */
export class PlanResponse {
  @ApiProperty({ enum: PRODUCT_CODES })
  productCode!: ProductCode;

  @ApiProperty()
  planTier!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ type: () => PlanPricesResponse })
  prices!: PlanPricesResponse;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'premium tours a paid plan includes (null: unlimited); null for the free plan (basic tours, unlimited)',
  })
  freeTours!: number | null;

  @ApiProperty({ enum: ['basic', 'premium'] })
  toursType!: 'basic' | 'premium';

  @ApiProperty({ type: [String] })
  packageList!: string[];
}
