import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { Caller, IdParam, Responds, Staff } from '@tourly/platform';
import { PricingChange } from '../accounts/billing-accounts.dto';
import { ChangePlan, PlanChangeResponse, SubscriptionResponse } from '../subscriptions/subscriptions.dto';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { adminOf } from './admin-changes';
import { AdminBillingAccountForm, AdminBillingAccountResponse } from './admin.dto';
import { AdminBillingService } from './admin.service';

const providerId = () => IdParam('Provider not found');

/** The back office's view of a provider's billing (000 §7 "Admin billing"). */
@Controller('admin/providers/:id')
@Staff('platform_admin')
export class AdminBillingController {
  constructor(
    private readonly admin: AdminBillingService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  @Get('service_plan_subscription')
  @Responds(SubscriptionResponse)
  subscription(@Param('id', providerId()) id: string): Promise<SubscriptionResponse> {
    return this.subscriptions.current(id);
  }

  /** The admin changes the plan as the provider would, paid with the provider's card. */
  @Put('service_plan_subscription')
  @Responds(PlanChangeResponse)
  changePlan(
    @Param('id', providerId()) id: string,
    @Caller() caller: Caller,
    @Body() body: ChangePlan,
  ): Promise<PlanChangeResponse> {
    return this.subscriptions.change(id, body.servicePlanSubscription, adminOf(caller));
  }

  @Get('billing_account')
  @Responds(AdminBillingAccountResponse)
  account(@Param('id', providerId()) id: string): Promise<AdminBillingAccountResponse> {
    return this.admin.account(id);
  }

  /** A negotiated discount on the provider's plan (0 removes it), from its next invoice on. */
  @Post('billing_account/pricing')
  @HttpCode(200)
  @Responds(SubscriptionResponse)
  pricing(
    @Param('id', providerId()) id: string,
    @Caller() caller: Caller,
    @Body() body: PricingChange,
  ): Promise<SubscriptionResponse> {
    return this.subscriptions.applyNegotiatedDiscount(id, body.pricing.discountPercent, adminOf(caller));
  }

  /** The billing form, and the platform's share of the provider's hosting fees when given. */
  @Patch('billing_account')
  @Responds(AdminBillingAccountResponse)
  updateAccount(
    @Param('id', providerId()) id: string,
    @Caller() caller: Caller,
    @Body() form: AdminBillingAccountForm,
  ): Promise<AdminBillingAccountResponse> {
    return this.admin.updateAccount(id, form, adminOf(caller));
  }
}
