import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ProviderId, Roles, TakesNoBody } from '@tourly/platform';
import { SubscriptionProjection, inGoodStanding } from '../subscriptions/subscription-projection';
import { AdvanceTestClock, BillingAccountForm, PaymentMethodChoice } from './billing-accounts.dto';
import { BillingAccountsService } from './billing-accounts.service';

/** The billing account, cards and test clock: the provider's admins manage billing (identity's permissions). */
@Controller('provider/billing')
@Roles('admin')
export class BillingAccountsController {
  constructor(
    private readonly accounts: BillingAccountsService,
    private readonly subscriptions: SubscriptionProjection,
  ) {}

  @Get('account')
  show(@ProviderId() providerId: string) {
    return this.accounts.show(providerId);
  }

  @Put('account')
  async save(@ProviderId() providerId: string, @Body() form: BillingAccountForm) {
    const subscription = await this.subscriptions.find(providerId);
    return this.accounts.save(providerId, form, inGoodStanding(subscription));
  }

  @Get('account/credit_cards')
  cards(@ProviderId() providerId: string) {
    return this.accounts.cards(providerId);
  }

  @Delete('account/credit_card/:id')
  removeCard(@ProviderId() providerId: string, @Param('id') paymentMethodId: string) {
    return this.accounts.removeCard(providerId, paymentMethodId);
  }

  @Post('set_default_payment_method')
  @HttpCode(200)
  setDefault(@ProviderId() providerId: string, @Body() body: PaymentMethodChoice) {
    return this.accounts.setDefaultCard(providerId, body.paymentMethodId);
  }

  @Post('create_setup_intent')
  @TakesNoBody()
  createSetupIntent(@ProviderId() providerId: string) {
    return this.accounts.createSetupIntent(providerId);
  }

  @Get('test_clock')
  testClock(@ProviderId() providerId: string) {
    return this.accounts.testClock(providerId);
  }

  @Post('advance_test_clock')
  @HttpCode(200)
  advanceTestClock(@ProviderId() providerId: string, @Body() body: AdvanceTestClock) {
    return this.accounts.advanceTestClock(providerId, body.testClockId, body.time);
  }
}
