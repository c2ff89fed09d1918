import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Caller, PageQuery, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { CreditPurchasesService } from './credit-purchases.service';
import {
  CreditBalanceResponse,
  CreditPurchaseResponse,
  CreditsPriceQuery,
  CreditsPriceResponse,
  LedgerEntryResponse,
  PurchaseCreditsForm,
  PurchaseCreditsSuccess,
  PurchaseIntentResponse,
  PurchaseSuccessResponse,
} from './credits.dto';
import { CreditsService } from './credits.service';

/** The provider's credits: balance, price, purchase, purchases and bundles received (000 §7). */
@Controller('provider/billing')
export class CreditsController {
  constructor(
    private readonly credits: CreditsService,
    private readonly purchases: CreditPurchasesService,
  ) {}

  /** Every provider-side role sees the balance: the insufficient-credits modal is shown wherever a spend is. */
  @Get('account/credit_balance')
  @Roles('admin', 'scan_technician', 'member')
  @Responds(CreditBalanceResponse)
  balance(@ProviderId() providerId: string): Promise<CreditBalanceResponse> {
    return this.credits.balance(providerId);
  }

  @Get('calculate_credits_price')
  @Roles('admin')
  @Responds(CreditsPriceResponse)
  price(@ProviderId() providerId: string, @Query() query: CreditsPriceQuery): Promise<CreditsPriceResponse> {
    return this.purchases.price(providerId, query.creditsQty);
  }

  @Post('purchase_credits_payment_intent')
  @Roles('admin')
  @Responds(PurchaseIntentResponse)
  start(
    @ProviderId() providerId: string,
    @Caller() caller: Caller,
    @Body() form: PurchaseCreditsForm,
  ): Promise<PurchaseIntentResponse> {
    return this.purchases.start(providerId, caller.userId, form);
  }

  @Post('purchase_credits_success')
  @Roles('admin')
  @HttpCode(200)
  @Responds(PurchaseSuccessResponse)
  success(
    @ProviderId() providerId: string,
    @Body() body: PurchaseCreditsSuccess,
  ): Promise<PurchaseSuccessResponse> {
    return this.purchases.confirm(providerId, body.paymentIntentId);
  }

  @Get('credit_purchases')
  @Roles('admin')
  @Responds({ page: CreditPurchaseResponse })
  list(@ProviderId() providerId: string, @Query() query: PageQuery): Promise<Page<CreditPurchaseResponse>> {
    return this.purchases.list(providerId, query);
  }

  /**
   * The provider's credit history, newest first: every ledger row, the credits in with their category (purchases,
   * adjustments) and the spends with their reservation's status (held, captured, released) and releases.
   */
  @Get('credit_bundles.json')
  @Roles('admin')
  @Responds({ page: LedgerEntryResponse })
  bundles(@ProviderId() providerId: string, @Query() query: PageQuery): Promise<Page<LedgerEntryResponse>> {
    return this.credits.history(providerId, 'all', query);
  }
}
