import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { IdParam, Staff } from '@tourly/platform';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import { inGoodStanding, SubscriptionProjection } from '../subscriptions/subscription-projection';
import { ChangePlan } from '../subscriptions/subscriptions.dto';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { BillingAccountForm, PricingChange } from '../accounts/billing-accounts.dto';

const providerId = () => IdParam('Provider not found');

/** The back office's view of a provider's billing (000 §7 "Admin billing"). */
@Controller('admin/providers/:id')
@Staff('platform_admin')
export class AdminBillingController {
  constructor(
    private readonly accounts: BillingAccountsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly projection: SubscriptionProjection,
  ) {}

  @Get('service_plan_subscription')
  subscription(@Param('id', providerId()) id: string) {
    return this.subscriptions.current(id);
  }

  /** The admin changes the plan as the provider would, paid with the provider's card. */
  @Put('service_plan_subscription')
  changePlan(@Param('id', providerId()) id: string, @Body() body: ChangePlan) {
    return this.subscriptions.change(id, body.servicePlanSubscription);
  }

  @Get('billing_account')
  async account(@Param('id', providerId()) id: string) {
    const account = await this.accounts.find(id);
    return {
      ...(await this.accounts.show(id)),
      stripeCustomerId: account?.stripeCustomerId ?? null,
      testClockId: account?.testClockId ?? null,
      discountPercent: account?.discountPercent ?? 0,
    };
  }

  /** A negotiated discount on the provider's plan (0 removes it), from its next invoice on. */
  @Post('billing_account/pricing')
  @HttpCode(200)
  pricing(@Param('id', providerId()) id: string, @Body() body: PricingChange) {
    return this.subscriptions.applyNegotiatedDiscount(id, body.pricing.discountPercent);
  }

  @Patch('billing_account')
  async updateAccount(@Param('id', providerId()) id: string, @Body() form: BillingAccountForm) {
    const subscription = await this.projection.find(id);
    return this.accounts.save(id, form, inGoodStanding(subscription));
  }
}
