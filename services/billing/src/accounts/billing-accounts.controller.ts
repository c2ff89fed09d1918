import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ProviderId, Responds, Roles, TakesNoBody } from '@tourly/platform';
import {
  AdvanceTestClock,
  BillingAccountForm,
  BillingAccountResponse,
  CardResponse,
  PaymentMethodChoice,
  RemovedCardResponse,
  SetupIntentResponse,
  TestClockStateResponse,
} from './billing-accounts.dto';
import { BillingAccountsService } from './billing-accounts.service';

/** The billing account, cards and test clock: the provider's admins manage billing (identity's permissions). */
@Controller('provider/billing')
@Roles('admin')
export class BillingAccountsController {
  constructor(private readonly accounts: BillingAccountsService) {}

  @Get('account')
  @Responds(BillingAccountResponse)
  show(@ProviderId() providerId: string): Promise<BillingAccountResponse> {
    return this.accounts.show(providerId);
  }

  @Put('account')
  @Responds(BillingAccountResponse)
  save(@ProviderId() providerId: string, @Body() form: BillingAccountForm): Promise<BillingAccountResponse> {
    return this.accounts.save(providerId, form);
  }

  @Get('account/credit_cards')
  @Responds([CardResponse])
  cards(@ProviderId() providerId: string): Promise<CardResponse[]> {
    return this.accounts.cards(providerId);
  }

  @Delete('account/credit_card/:id')
  @Responds(RemovedCardResponse)
  removeCard(
    @ProviderId() providerId: string,
    @Param('id') paymentMethodId: string,
  ): Promise<RemovedCardResponse> {
    return this.accounts.removeCard(providerId, paymentMethodId);
  }

  @Post('set_default_payment_method')
  @HttpCode(200)
  @Responds([CardResponse])
  setDefault(@ProviderId() providerId: string, @Body() body: PaymentMethodChoice): Promise<CardResponse[]> {
    return this.accounts.setDefaultCard(providerId, body.paymentMethodId);
  }

  @Post('create_setup_intent')
  @TakesNoBody()
  @Responds(SetupIntentResponse)
  createSetupIntent(@ProviderId() providerId: string): Promise<SetupIntentResponse> {
    return this.accounts.createSetupIntent(providerId);
  }

  @Get('test_clock')
  @Responds(TestClockStateResponse)
  testClock(@ProviderId() providerId: string): Promise<TestClockStateResponse> {
    return this.accounts.testClock(providerId);
  }

  @Post('advance_test_clock')
  @HttpCode(200)
  @Responds(TestClockStateResponse)
  advanceTestClock(
    @ProviderId() providerId: string,
    @Body() body: AdvanceTestClock,
  ): Promise<TestClockStateResponse> {
    return this.accounts.advanceTestClock(providerId, body.testClockId, body.time);
  }
}
