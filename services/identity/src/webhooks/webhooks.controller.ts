import { IMPERSONATION_SECRETS_FORBIDDEN } from '@tourly/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Caller, NotWhileImpersonating, ProviderId, Responds, Roles, TakesNoBody } from '@tourly/platform';
import {
  CreateEndpoint,
  DeliveriesQuery,
  DeliveryDetailResponse,
  DeliveryResponse,
  deliveryId,
  EndpointResponse,
  EndpointWithSecretResponse,
  endpointId,
  ReplayedResponse,
  UpdateEndpoint,
  WebhooksResponse,
} from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

/**
 * The provider's outgoing webhooks (002 §7 "Webhooks"): its admins set up the subscription and endpoints, read each
 * endpoint's deliveries and replay them. Other roles: 403; another provider's endpoint or delivery: 404. An
 * administrator impersonating the provider may do all of it except what hands out a signing secret or sends the
 * provider's events to a new address (a new endpoint, another URL, a rotated secret): 403, saying why.
 */
@Controller('provider/developers/webhooks_subscription')
@Roles('admin')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Responds(WebhooksResponse)
  show(@ProviderId() providerId: string): Promise<WebhooksResponse> {
    return this.webhooks.show(providerId);
  }

  /** 201 when made now, 200 when the provider already had it. */
  @Post()
  @TakesNoBody()
  @Responds(WebhooksResponse)
  async subscribe(
    @ProviderId() providerId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhooksResponse> {
    const { created, answer } = await this.webhooks.subscribe(providerId);
    void reply.status(created ? 201 : 200);
    return answer;
  }

  @Post('endpoints')
  @NotWhileImpersonating(IMPERSONATION_SECRETS_FORBIDDEN)
  @Responds(EndpointWithSecretResponse)
  createEndpoint(
    @ProviderId() providerId: string,
    @Body() body: CreateEndpoint,
  ): Promise<EndpointWithSecretResponse> {
    return this.webhooks.createEndpoint(providerId, body.endpoint);
  }

  @Patch('endpoints/:id')
  @Responds(EndpointResponse)
  updateEndpoint(
    @ProviderId() providerId: string,
    @Caller() caller: Caller,
    @Param('id', endpointId()) id: string,
    @Body() body: UpdateEndpoint,
  ): Promise<EndpointResponse> {
    return this.webhooks.updateEndpoint(providerId, id, body.endpoint, caller.impersonatorId !== null);
  }

  @Delete('endpoints/:id')
  @Responds(null)
  async deleteEndpoint(
    @ProviderId() providerId: string,
    @Param('id', endpointId()) id: string,
  ): Promise<null> {
    await this.webhooks.deleteEndpoint(providerId, id);
    return null;
  }

  /** A new signing secret, shown this once; the previous one keeps signing beside it for 24 hours. */
  @Post('endpoints/:id/rotate_secret')
  @NotWhileImpersonating(IMPERSONATION_SECRETS_FORBIDDEN)
  @TakesNoBody()
  @HttpCode(200)
  @Responds(EndpointWithSecretResponse)
  rotateSecret(
    @ProviderId() providerId: string,
    @Param('id', endpointId()) id: string,
  ): Promise<EndpointWithSecretResponse> {
    return this.webhooks.rotateSecret(providerId, id);
  }

  /** Queues a `webhook.test` event to this endpoint; 202: the delivery is on its way. */
  @Post('endpoints/:id/test')
  @TakesNoBody()
  @HttpCode(202)
  @Responds(DeliveryResponse)
  sendTest(
    @ProviderId() providerId: string,
    @Param('id', endpointId()) id: string,
  ): Promise<DeliveryResponse> {
    return this.webhooks.sendTest(providerId, id);
  }

  @Get('endpoints/:id/deliveries')
  @Responds({ page: DeliveryResponse })
  deliveries(
    @ProviderId() providerId: string,
    @Param('id', endpointId()) id: string,
    @Query() query: DeliveriesQuery,
  ) {
    return this.webhooks.deliveries(providerId, id, query.status, query);
  }

  @Get('endpoints/:id/deliveries/:deliveryId')
  @Responds(DeliveryDetailResponse)
  delivery(
    @ProviderId() providerId: string,
    @Param('id', endpointId()) id: string,
    @Param('deliveryId', deliveryId()) delivery: string,
  ): Promise<DeliveryDetailResponse> {
    return this.webhooks.delivery(providerId, id, delivery);
  }

  /** Sends a finished delivery again, with the same message id; 409 while it is still pending. */
  @Post('endpoints/:id/deliveries/:deliveryId/replay')
  @TakesNoBody()
  @HttpCode(202)
  @Responds(DeliveryDetailResponse)
  replay(
    @ProviderId() providerId: string,
    @Param('id', endpointId()) id: string,
    @Param('deliveryId', deliveryId()) delivery: string,
  ): Promise<DeliveryDetailResponse> {
    return this.webhooks.replay(providerId, id, delivery);
  }

  @Post('endpoints/:id/replay_failed')
  @TakesNoBody()
  @HttpCode(202)
  @Responds(ReplayedResponse)
  replayFailed(
    @ProviderId() providerId: string,
    @Param('id', endpointId()) id: string,
  ): Promise<ReplayedResponse> {
    return this.webhooks.replayFailed(providerId, id);
  }
}
