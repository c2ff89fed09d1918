import { Body, Controller, Get, Header, HttpCode, Post, Put } from '@nestjs/common';
import { ProviderId, Responds, Roles, TakesNoBody } from '@tourly/platform';
import { LegacyPlans } from './legacy-plans.service';
import { OverduePaymentService } from './overdue-payment.service';
import {
  ChangePlan,
  PayNow,
  PlanChangeResponse,
  PlanSelection,
  PreviewResponse,
  SubscriptionResponse,
} from './subscriptions.dto';
import { SubscriptionsService } from './subscriptions.service';

/** Clients keep the current subscription 300 s (000 §7); a page refetches with no-cache after a change. */
const CACHE_FIVE_MINUTES = 'private, max-age=300';

@Controller('provider/billing/service_plan_subscription')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly overdue: OverduePaymentService,
    private readonly legacy: LegacyPlans,
  ) {}

  /** Every provider-side page shows the banners, so every provider-side role reads it. */
  @Get()
  @Roles('admin', 'scan_technician', 'member')
  @Header('cache-control', CACHE_FIVE_MINUTES)
  @Responds(SubscriptionResponse, { nullable: true })
  current(@ProviderId() providerId: string): Promise<SubscriptionResponse | null> {
    // null: no subscription, a legacy plan (000 §4).
    return this.legacy.current(providerId);
  }

  @Put()
  @Roles('admin')
  @Responds(PlanChangeResponse)
  change(@ProviderId() providerId: string, @Body() body: ChangePlan): Promise<PlanChangeResponse> {
    return this.subscriptions.change(providerId, body.servicePlanSubscription);
  }

  @Post('preview_change')
  @Roles('admin')
  @HttpCode(200)
  @Responds(PreviewResponse)
  preview(@ProviderId() providerId: string, @Body() body: ChangePlan): Promise<PreviewResponse> {
    return this.subscriptions.preview(providerId, body.servicePlanSubscription);
  }

  @Post('cancel_subscription_schedules')
  @TakesNoBody()
  @Roles('admin')
  @HttpCode(200)
  @Responds(SubscriptionResponse)
  cancelScheduledChange(@ProviderId() providerId: string): Promise<SubscriptionResponse> {
    return this.subscriptions.cancelScheduledChange(providerId);
  }

  /** A failed renewal's open invoice, paid now: `{payment_method_id?}` -> like a plan change's answer. */
  @Post('pay_now')
  @Roles('admin')
  @HttpCode(200)
  @Responds(PlanChangeResponse)
  payNow(@ProviderId() providerId: string, @Body() body: PayNow): Promise<PlanChangeResponse> {
    return this.overdue.payNow(providerId, body.paymentMethodId);
  }

  @Post('legacy_setup')
  @Roles('admin')
  @HttpCode(200)
  @Responds(PlanChangeResponse)
  legacySetup(@ProviderId() providerId: string, @Body() body: PlanSelection): Promise<PlanChangeResponse> {
    return this.legacy.setup(providerId, body);
  }
}
