import { Controller, Get, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { RedeemableOfferResponse, RedeemableOffersQuery } from './offers.dto';
import { OffersService } from './offers.service';

/** The offers a provider can still receive (000 §7). */
@Controller('provider/billing/offers')
export class OffersController {
  constructor(private readonly offers: OffersService) {}

  /** Every provider-side role sees them, as it sees the credit balance. */
  @Get('redeemable')
  @Roles('admin', 'scan_technician', 'member')
  @Responds([RedeemableOfferResponse])
  redeemable(
    @ProviderId() providerId: string,
    @Query() query: RedeemableOffersQuery,
  ): Promise<RedeemableOfferResponse[]> {
    return this.offers.redeemable(providerId, query);
  }
}
