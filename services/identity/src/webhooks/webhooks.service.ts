import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDeliveryStatus,
  IMPERSONATION_SECRETS_FORBIDDEN,
  type EventEnvelope,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  uuidv7,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { publicEventOf, publicEvents, testEventData } from './webhook-catalogue';
import { targetPolicyOf, urlProblems, type TargetPolicy } from './webhook-targets';
import {
  DELIVERY_NOT_FOUND,
  ENDPOINT_NOT_FOUND,
  type DeliveryDetailResponse,
  type DeliveryResponse,
  type EndpointResponse,
  type EndpointWithSecretResponse,
  type WebhooksResponse,
} from './webhooks.dto';
import { WebhooksRepository, type EndpointFields, type EndpointWithCounts } from './webhooks.repository';

export const TOO_MANY_ENDPOINTS = `A provider can have at most ${WEBHOOK_LIMITS.endpointsPerProvider} endpoints.`;
export const ENDPOINT_DISABLED = 'This endpoint is disabled: enable it before sending a test event.';
export const DELIVERY_SENDING = 'This delivery is being sent right now: wait for its answer, then replay it.';

/** A signing secret as Standard Webhooks writes it: `whsec_` and 24 random bytes (192 bits) in base64. */
const newSigningSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** The provider's developer settings for outgoing webhooks: its subscription, endpoints and their delivery log. */
@Injectable()
export class WebhooksService {
  private readonly policy: TargetPolicy;
  private readonly appUrl: string;

  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhooksRepository,
    private readonly memberships: MembershipsRepository,
    private readonly mailer: Mailer,
    @Inject(CONFIG) config: IdentityConfig,
  ) {
    this.policy = targetPolicyOf(config);
    this.appUrl = config.APP_URL;
  }

  /**
   * One of the platform's events, turned into deliveries in the handler's transaction `tx`: a provider's public
   * event is recorded once (its message id is the event's id) with a pending delivery to each of that provider's
   * enabled endpoints that wants its type. The platform's own events (no provider) go nowhere.
   */
  async recordEvent(tx: Queryable, event: EventEnvelope): Promise<void> {
    const published = publicEventOf(event.type, event.data);
    if (!published || !event.providerId) return;
    const body = JSON.stringify({ type: published.type, timestamp: event.occurredAt, data: published.data });
    await this.webhooks.recordMessage(tx, {
      id: event.id,
      providerId: event.providerId,
      eventType: published.type,
      body,
      createdAt: new Date(event.occurredAt),
    });
  }

  /** The provider's admins learn that an endpoint stopped receiving, and what to do. */
  async tellAdminsOfDisabled({
    providerId,
    url,
    reason,
  }: {
    providerId: string;
    url: string;
    reason: string;
  }) {
    const page = `${this.appUrl}/provider/settings/developers`;
    for (const to of await this.memberships.adminEmails(providerId)) {
      await this.mailer.send({
        to,
        subject: 'A webhook endpoint was disabled',
        text: `We stopped sending events to ${url}.\n\n${reason}\n\nManage your webhooks: ${page}`,
      });
    }
  }

  async show(providerId: string): Promise<WebhooksResponse> {
    const subscription = await this.webhooks.subscription(providerId);
    return {
      subscription: subscription
        ? { ...subscription, endpoints: (await this.webhooks.endpoints(providerId)).map(endpointResponse) }
        : null,
      eventTypes: publicEvents().map(({ type, description }) => ({ type, description })),
    };
  }

  async subscribe(providerId: string): Promise<{ created: boolean; answer: WebhooksResponse }> {
    const { created } = await this.webhooks.ensureSubscription(providerId, uuidv7());
    return { created, answer: await this.show(providerId) };
  }

  async createEndpoint(
    providerId: string,
    fields: Pick<EndpointFields, 'url' | 'eventTypes'> & Partial<EndpointFields>,
  ): Promise<EndpointWithSecretResponse> {
    const url = this.checkedUrl(fields.url);
    const id = uuidv7();
    const secret = newSigningSecret();
    await this.db.transaction(async (tx) => {
      const { subscription } = await this.webhooks.ensureSubscription(providerId, uuidv7(), tx);
      if (
        (await this.webhooks.lockAndCountEndpoints(subscription.id, tx)) >=
        WEBHOOK_LIMITS.endpointsPerProvider
      ) {
        throw ApiError.invalid('base', TOO_MANY_ENDPOINTS);
      }
      await this.webhooks.insertEndpoint(tx, {
        id,
        subscriptionId: subscription.id,
        providerId,
        url,
        description: fields.description?.trim() ?? '',
        eventTypes: unique(fields.eventTypes),
        enabled: fields.enabled ?? true,
        secret,
      });
    });
    return { ...(await this.endpoint(providerId, id)), secret };
  }

  /**
   * `impersonating`: an administrator acting as the provider, who may change everything but the address: pointing
   * the provider's events somewhere new is its own admins' decision (the URL given again as it is changes nothing).
   */
  async updateEndpoint(
    providerId: string,
    id: string,
    fields: Partial<EndpointFields>,
    impersonating: boolean,
  ): Promise<EndpointResponse> {
    // Left out or null: unchanged (as every optional field of the update).
    const url = fields.url == null ? undefined : this.checkedUrl(fields.url);
    if (impersonating && url !== undefined && url !== (await this.endpoint(providerId, id)).url) {
      throw ApiError.forbidden(IMPERSONATION_SECRETS_FORBIDDEN);
    }
    const updated = await this.webhooks.updateEndpoint(providerId, id, {
      ...fields,
      url,
      description: fields.description?.trim(),
      eventTypes: fields.eventTypes && unique(fields.eventTypes),
    });
    if (!updated) throw ApiError.notFound(ENDPOINT_NOT_FOUND);
    return this.endpoint(providerId, id);
  }

  async deleteEndpoint(providerId: string, id: string): Promise<void> {
    if (!(await this.webhooks.deleteEndpoint(providerId, id))) throw ApiError.notFound(ENDPOINT_NOT_FOUND);
  }

  async rotateSecret(providerId: string, id: string): Promise<EndpointWithSecretResponse> {
    const secret = newSigningSecret();
    if (!(await this.webhooks.rotateSecret(providerId, id, secret, WEBHOOK_LIMITS.previousSecretHours))) {
      throw ApiError.notFound(ENDPOINT_NOT_FOUND);
    }
    return { ...(await this.endpoint(providerId, id)), secret };
  }

  /** A `webhook.test` event to this endpoint alone, queued for the dispatcher like any other. */
  async sendTest(providerId: string, id: string): Promise<DeliveryResponse> {
    const endpoint = await this.webhooks.endpoint(providerId, id);
    if (!endpoint) throw ApiError.notFound(ENDPOINT_NOT_FOUND);
    if (!endpoint.enabled) throw ApiError.conflict(ENDPOINT_DISABLED);
    const messageId = uuidv7();
    const deliveryId = uuidv7();
    const body = JSON.stringify({
      type: WEBHOOK_TEST_EVENT_TYPE,
      timestamp: new Date().toISOString(),
      data: testEventData(providerId, id),
    });
    await this.db.transaction((tx) =>
      this.webhooks.queueForEndpoint(
        tx,
        { id: messageId, providerId, eventType: WEBHOOK_TEST_EVENT_TYPE, body },
        id,
        deliveryId,
      ),
    );
    return this.delivery(providerId, id, deliveryId);
  }

  async deliveries(
    providerId: string,
    endpointId: string,
    status: WebhookDeliveryStatus | undefined,
    query: PageQuery,
  ): Promise<Page<DeliveryResponse>> {
    await this.endpoint(providerId, endpointId);
    return this.webhooks.deliveries(providerId, endpointId, status, query);
  }

  async delivery(providerId: string, endpointId: string, id: string): Promise<DeliveryDetailResponse> {
    const delivery = await this.webhooks.delivery(providerId, endpointId, id);
    if (!delivery) throw ApiError.notFound(DELIVERY_NOT_FOUND);
    return { ...delivery, attemptLog: await this.webhooks.attempts(id) };
  }

  async replay(providerId: string, endpointId: string, id: string): Promise<DeliveryDetailResponse> {
    await this.delivery(providerId, endpointId, id);
    const [replayed] = await this.webhooks.replay(providerId, endpointId, [id]);
    if (!replayed) throw ApiError.conflict(DELIVERY_SENDING);
    return this.delivery(providerId, endpointId, id);
  }

  async replayFailed(providerId: string, endpointId: string): Promise<{ replayed: number }> {
    await this.endpoint(providerId, endpointId);
    const replayed = await this.webhooks.replay(providerId, endpointId, 'failed');
    return { replayed: replayed.length };
  }

  private async endpoint(providerId: string, id: string): Promise<EndpointResponse> {
    const endpoint = await this.webhooks.endpoint(providerId, id);
    if (!endpoint) throw ApiError.notFound(ENDPOINT_NOT_FOUND);
    return endpointResponse(endpoint);
  }

  /** The URL trimmed, or 422 when deliveries may not go there. */
  private checkedUrl(url: string): string {
    const trimmed = url.trim();
    const [problem] = urlProblems(trimmed, this.policy);
    if (problem) throw ApiError.invalid('endpoint.url', problem);
    return trimmed;
  }
}

function endpointResponse(endpoint: EndpointWithCounts): EndpointResponse {
  const {
    secret,
    previousSecret: _previous,
    subscriptionId: _subscription,
    providerId: _provider,
    ...rest
  } = endpoint;
  const rotating = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date();
  return {
    ...rest,
    previousSecretExpiresAt: rotating ? endpoint.previousSecretExpiresAt : null,
    secretHint: `whsec_…${secret.slice(-4)}`,
  };
}

const unique = (values: string[]): string[] => [...new Set(values)];
