import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import {
  AccountLinkRequest,
  AccountLinkResponse,
  MerchantAccountResponse,
  TaxRateForm,
  TaxRateResponse,
  TaxRatesQuery,
  TaxRatesResponse,
} from './hosting.dto';
import { MerchantAccountService } from './merchant-account.service';

/** The provider's merchant account (its own Stripe account) and its tax rates (000 §7). */
@Controller('provider/billing/merchant_account')
export class MerchantAccountController {
  constructor(private readonly merchantAccount: MerchantAccountService) {}

  @Get()
  @Roles('admin', 'scan_technician', 'member')
  @Responds(MerchantAccountResponse)
  show(@ProviderId() providerId: string): Promise<MerchantAccountResponse> {
    return this.merchantAccount.show(providerId);
  }

  /** Stripe's onboarding of the account (made the first time): "take came_from and return_url". */
  @Post('account_link')
  @HttpCode(200)
  @Roles('admin')
  @Responds(AccountLinkResponse)
  accountLink(
    @ProviderId() providerId: string,
    @Body() body: AccountLinkRequest,
  ): Promise<AccountLinkResponse> {
    return this.merchantAccount.accountLink(providerId, body);
  }

  @Get('tax_rates')
  @Roles('admin')
  @Responds(TaxRatesResponse)
  taxRates(@ProviderId() providerId: string, @Query() query: TaxRatesQuery): Promise<TaxRatesResponse> {
    return this.merchantAccount.taxRates(providerId, query);
  }

  @Post('tax_rates')
  @Roles('admin')
  @Responds(TaxRateResponse)
  createTaxRate(@ProviderId() providerId: string, @Body() body: TaxRateForm): Promise<TaxRateResponse> {
    return this.merchantAccount.createTaxRate(providerId, body);
  }
}
