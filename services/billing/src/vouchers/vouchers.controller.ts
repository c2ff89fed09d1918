import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { Caller, PageQuery, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { ProviderRedemptionResponse, RedeemVoucherForm, RedemptionResponse } from './vouchers.dto';
import { VouchersService } from './vouchers.service';

/** The provider's vouchers: redeeming a code, and the ones it redeemed. */
@Controller('provider/billing/vouchers')
@Roles('admin')
export class VouchersController {
  constructor(private readonly vouchers: VouchersService) {}

  /**
   * Credits at once, or a discount on the next credits purchase. 422 `code` for a code that is not valid, expired,
   * fully redeemed, redeemed by the provider before, or a second discount while one waits.
   */
  @Post('redeem')
  @Responds(RedemptionResponse)
  redeem(
    @ProviderId() providerId: string,
    @Caller() caller: Caller,
    @Body() form: RedeemVoucherForm,
  ): Promise<RedemptionResponse> {
    return this.vouchers.redeem(providerId, caller.userId, form.code);
  }

  @Get()
  @Responds({ page: ProviderRedemptionResponse })
  list(
    @ProviderId() providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<ProviderRedemptionResponse>> {
    return this.vouchers.redemptions(providerId, query);
  }
}
