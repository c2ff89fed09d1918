import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdParam, ProviderId, RawResponse, Responds, Roles, TakesNoBody, type Page } from '@tourly/platform';
import {
  CancelHostingSubscription,
  HostingCustomerForm,
  HostingCustomerResponse,
  HostingCustomersQuery,
  HostingInvoiceResponse,
  HostingInvoicesQuery,
  HostingSubscriptionForm,
  HostingSubscriptionResponse,
  HostingSubscriptionsQuery,
  PaymentLinkResponse,
} from './hosting.dto';
import { CUSTOMER_NOT_FOUND, INVOICE_NOT_FOUND, SUBSCRIPTION_NOT_FOUND } from './hosting.rules';
import { HostingFeesService } from './hosting-fees.service';
import { AdvanceTestClock, TestClockStateResponse } from '../accounts/billing-accounts.dto';

/** Hosting fees: the provider's clients billed for keeping their tours online (000 §7, the hosting-fee routes). */
@Controller('provider/hosting_fees')
@Roles('admin')
export class HostingFeesController {
  constructor(private readonly hosting: HostingFeesService) {}

  @Get('customers')
  @Responds({ page: HostingCustomerResponse })
  customers(
    @ProviderId() providerId: string,
    @Query() query: HostingCustomersQuery,
  ): Promise<Page<HostingCustomerResponse>> {
    return this.hosting.customers(providerId, query);
  }

  @Post('customers')
  @Responds(HostingCustomerResponse)
  createCustomer(
    @ProviderId() providerId: string,
    @Body() body: HostingCustomerForm,
  ): Promise<HostingCustomerResponse> {
    return this.hosting.createCustomer(providerId, body);
  }

  @Delete('customers/:id')
  @HttpCode(204)
  @Responds(null)
  async deleteCustomer(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CUSTOMER_NOT_FOUND)) id: string,
  ): Promise<void> {
    await this.hosting.deleteCustomer(providerId, id);
  }

  /** Test mode: the customer's own Stripe test clock (404 otherwise), as the provider's billing test clock. */
  @Get('customers/:id/test_clock')
  @Responds(TestClockStateResponse)
  customerTestClock(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CUSTOMER_NOT_FOUND)) id: string,
  ): Promise<TestClockStateResponse> {
    return this.hosting.customerTestClock(providerId, id);
  }

  @Post('customers/:id/advance_test_clock')
  @HttpCode(200)
  @Responds(TestClockStateResponse)
  advanceCustomerTestClock(
    @ProviderId() providerId: string,
    @Param('id', IdParam(CUSTOMER_NOT_FOUND)) id: string,
    @Body() body: AdvanceTestClock,
  ): Promise<TestClockStateResponse> {
    return this.hosting.advanceCustomerTestClock(providerId, id, body.testClockId, body.time);
  }

  @Get('subscriptions')
  @Responds({ page: HostingSubscriptionResponse })
  subscriptions(
    @ProviderId() providerId: string,
    @Query() query: HostingSubscriptionsQuery,
  ): Promise<Page<HostingSubscriptionResponse>> {
    return this.hosting.subscriptions(providerId, query);
  }

  @Get('subscriptions/:id')
  @Responds(HostingSubscriptionResponse)
  subscription(
    @ProviderId() providerId: string,
    @Param('id', IdParam(SUBSCRIPTION_NOT_FOUND)) id: string,
  ): Promise<HostingSubscriptionResponse> {
    return this.hosting.subscription(providerId, id);
  }

  @Post('subscriptions')
  @Responds(HostingSubscriptionResponse)
  createSubscription(
    @ProviderId() providerId: string,
    @Body() body: HostingSubscriptionForm,
  ): Promise<HostingSubscriptionResponse> {
    return this.hosting.createSubscription(providerId, body);
  }

  @Post('subscriptions/:id/cancel')
  @HttpCode(200)
  @Responds(HostingSubscriptionResponse)
  cancelSubscription(
    @ProviderId() providerId: string,
    @Param('id', IdParam(SUBSCRIPTION_NOT_FOUND)) id: string,
    @Body() body: CancelHostingSubscription,
  ): Promise<HostingSubscriptionResponse> {
    return this.hosting.cancelSubscription(providerId, id, body);
  }

  @Get('invoices.json')
  @Responds({ page: HostingInvoiceResponse })
  invoices(
    @ProviderId() providerId: string,
    @Query() query: HostingInvoicesQuery,
  ): Promise<Page<HostingInvoiceResponse>> {
    return this.hosting.invoices(providerId, query);
  }

  @Post('invoices/:id/void.json')
  @HttpCode(200)
  @TakesNoBody()
  @Responds(HostingInvoiceResponse)
  voidInvoice(
    @ProviderId() providerId: string,
    @Param('id', IdParam(INVOICE_NOT_FOUND)) id: string,
  ): Promise<HostingInvoiceResponse> {
    return this.hosting.voidInvoice(providerId, id);
  }

  /** The invoice's PDF: a navigation (a link the page opens), answered with a 302 to Stripe's file. */
  @Get('invoices/:id/download')
  @RawResponse()
  @ApiExcludeEndpoint()
  async download(
    @ProviderId() providerId: string,
    @Param('id', IdParam(INVOICE_NOT_FOUND)) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const location = await this.hosting.pdf(providerId, id);
    await reply.code(302).header('location', location).header('cache-control', 'no-store').send();
  }

  @Get('invoices/:id/payment_link')
  @Responds(PaymentLinkResponse)
  paymentLink(
    @ProviderId() providerId: string,
    @Param('id', IdParam(INVOICE_NOT_FOUND)) id: string,
  ): Promise<PaymentLinkResponse> {
    return this.hosting.paymentLink(providerId, id);
  }
}
