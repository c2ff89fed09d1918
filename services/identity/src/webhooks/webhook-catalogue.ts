import {
  BOOKING_STATUSES,
  CREDIT_CATEGORIES,
  CREDIT_CHANGES,
  INTERVALS,
  LEAD_ATTRIBUTION_LIMITS,
  ORDER_DRAWERS,
  ORDER_KINDS,
  ORDER_STATUSES,
  HOSTING_TOUR_REASONS,
  PRODUCT_CODES,
  SUBSCRIPTION_STATUSES,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_TEST_EVENT_TYPE,
  type BookingChangedV1,
  type EventCatalogue,
  type EventSubject,
  type HostingTourV1,
  type PropertyV1,
  type TourPublicationV1,
  type WebsitePublicationV1,
  type WebhookEventType,
} from '@tourly/contracts';
import { toSnakeKeys } from '@tourly/platform';

/** A JSON Schema (OpenAPI 3.0's dialect) of a payload, as receivers see it on the wire. */
export interface PayloadSchema {
  type: 'object';
  required: string[];
  properties: Record<string, unknown>;
  additionalProperties: false;
}

interface PublicEvent<D> {
  type: WebhookEventType;
  /** What a receiver gets of the internal event: a projection, never the internal payload as it is. */
  project(data: D): Record<string, unknown>;
  schema: PayloadSchema;
  example: Record<string, unknown>;
}

type Catalogue = { [S in EventSubject]?: PublicEvent<EventCatalogue[S]> };

const uuid = { type: 'string', format: 'uuid' };
const text = { type: 'string' };
const nullable = (schema: object) => ({ ...schema, nullable: true });
const oneOf = (values: readonly string[]) => ({ type: 'string', enum: [...values] });
const NUMBER = { type: 'number' };
/** An object of numbers, every key required. */
const vector = (keys: string[]) => ({
  type: 'object',
  required: keys,
  properties: Object.fromEntries(keys.map((key) => [key, NUMBER])),
  additionalProperties: false,
});
const ORDER_KIND = oneOf(ORDER_KINDS);
const ORDER_DRAWER = oneOf(ORDER_DRAWERS);
const ORDER_STATUS = oneOf(ORDER_STATUSES);

function schema(properties: Record<string, unknown>): PayloadSchema {
  const all = { provider_id: uuid, ...properties };
  return { type: 'object', required: Object.keys(all), properties: all, additionalProperties: false };
}

const PROVIDER = '0190f1c2-7a3b-7c4d-8e5f-1a2b3c4d5e6f';
const PROPERTY = '0190f1c2-9d8e-7f6a-8b5c-4d3e2f1a0b9c';
const ORDER = '0190f2a0-1b2c-7d3e-9f40-5a6b7c8d9e0f';

const BOOKING_STATUS = oneOf(BOOKING_STATUSES);

/** A lead's rooms and path (`LeadAttribution`), as the visitor's browser reported them; null when none came. */
const LEAD_ATTRIBUTION = nullable({
  type: 'object',
  required: ['rooms', 'path'],
  properties: {
    rooms: {
      type: 'array',
      maxItems: LEAD_ATTRIBUTION_LIMITS.maxRooms,
      description: 'the rooms the visitor stayed in longest, longest first',
      items: {
        type: 'object',
        required: ['room', 'floor', 'seconds'],
        properties: {
          room: text,
          floor: nullable({ type: 'integer', minimum: 0, maximum: LEAD_ATTRIBUTION_LIMITS.maxFloor }),
          seconds: { type: 'integer', minimum: 0, maximum: LEAD_ATTRIBUTION_LIMITS.maxSeconds },
        },
        additionalProperties: false,
      },
    },
    path: {
      type: 'array',
      maxItems: LEAD_ATTRIBUTION_LIMITS.maxPath,
      description: 'the rooms in the order the visitor entered them, oldest first',
      items: text,
    },
  },
  additionalProperties: false,
});
const time = { type: 'string', format: 'date-time' };

const booking = (
  type: WebhookEventType,
  status: BookingChangedV1['status'],
  previousStatus: BookingChangedV1['previousStatus'],
): PublicEvent<BookingChangedV1> => ({
  type,
  project: (data) => ({
    providerId: data.providerId,
    bookingId: data.bookingId,
    status: data.status,
    previousStatus: data.previousStatus,
    startsAt: data.startsAt,
    endsAt: data.endsAt,
    assignedUserId: data.assignedUserId,
  }),
  schema: schema({
    booking_id: uuid,
    status: BOOKING_STATUS,
    previous_status: nullable(BOOKING_STATUS),
    starts_at: time,
    ends_at: time,
    assigned_user_id: uuid,
  }),
  example: {
    provider_id: PROVIDER,
    booking_id: '0190f2e5-6f70-7b82-8c3d-4e5f6a7b8c9d',
    status,
    previous_status: previousStatus,
    starts_at: '2026-12-08T23:00:00.000Z',
    ends_at: '2026-12-09T00:30:00.000Z',
    assigned_user_id: '0190f1c2-7a3b-7c4d-8e5f-9a8b7c6d5e4f',
  },
});

const property = (type: WebhookEventType): PublicEvent<PropertyV1> => ({
  type,
  project: (data) => ({ providerId: data.providerId, propertyId: data.propertyId, title: data.title }),
  schema: schema({ property_id: uuid, title: text }),
  example: { provider_id: PROVIDER, property_id: PROPERTY, title: '12 Harbour View, Sydney' },
});

const tour = (type: WebhookEventType): PublicEvent<TourPublicationV1> => ({
  type,
  project: (data) => ({ providerId: data.providerId, propertyId: data.propertyId, premium: data.premium }),
  schema: schema({ property_id: uuid, premium: { type: 'boolean' } }),
  example: { provider_id: PROVIDER, property_id: PROPERTY, premium: false },
});

/** A tour paused for visitors by an unpaid hosting-fee invoice, or resumed (paid, voided, exempted). */
const hostingTour = (
  type: WebhookEventType,
  reason: HostingTourV1['reason'],
): PublicEvent<HostingTourV1> => ({
  type,
  project: (data) => ({
    providerId: data.providerId,
    propertyId: data.propertyId,
    invoiceId: data.invoiceId,
    reason: data.reason,
  }),
  schema: schema({ property_id: uuid, invoice_id: nullable(uuid), reason: oneOf(HOSTING_TOUR_REASONS) }),
  example: {
    provider_id: PROVIDER,
    property_id: PROPERTY,
    invoice_id: '0190f2e5-8b92-7da4-8e5f-6a7b8c9d0e1f',
    reason,
  },
});

const website = (type: WebhookEventType): PublicEvent<WebsitePublicationV1> => ({
  type,
  project: (data) => ({ providerId: data.providerId, propertyId: data.propertyId }),
  schema: schema({ property_id: uuid }),
  example: { provider_id: PROVIDER, property_id: PROPERTY },
});

/**
 * The public events: which internal subject each comes from, its payload's projection, schema and example. The
 * README's table and `/api/docs` (`x-webhooks`) are made from this list.
 */
export const WEBHOOK_CATALOGUE: Catalogue = {
  'properties.property.created.v1': property('property.created'),
  'properties.property.updated.v1': property('property.updated'),
  'properties.property.deleted.v1': property('property.deleted'),
  'properties.tour.published.v1': tour('tour.published'),
  'properties.tour.unpublished.v1': tour('tour.unpublished'),
  'properties.tours.deactivated.v1': {
    type: 'tours.deactivated',
    project: (data) => ({ providerId: data.providerId, propertyIds: data.propertyIds }),
    schema: schema({ property_ids: { type: 'array', items: uuid } }),
    example: { provider_id: PROVIDER, property_ids: [PROPERTY] },
  },
  'properties.website.published.v1': website('website.published'),
  'properties.website.unpublished.v1': website('website.unpublished'),
  'orders.order.placed.v1': {
    type: 'order.placed',
    project: (data) => ({
      providerId: data.providerId,
      orderId: data.orderId,
      propertyId: data.propertyId ?? null,
      kind: data.kind,
      // Orders placed before Matterport could draw them were all a supplier's.
      drawnBy: data.drawnBy ?? 'supplier',
      credits: data.credits ?? null,
      amendsOrderId: data.amendsOrderId ?? null,
    }),
    schema: schema({
      order_id: uuid,
      property_id: nullable(uuid),
      kind: ORDER_KIND,
      drawn_by: ORDER_DRAWER,
      credits: nullable({ type: 'integer' }),
      amends_order_id: nullable(uuid),
    }),
    example: {
      provider_id: PROVIDER,
      order_id: ORDER,
      property_id: PROPERTY,
      kind: 'floorplan',
      drawn_by: 'supplier',
      credits: 5,
      amends_order_id: null,
    },
  },
  'orders.order.status_changed.v1': {
    type: 'order.status_changed',
    project: (data) => ({
      providerId: data.providerId,
      orderId: data.orderId,
      propertyId: data.propertyId,
      kind: data.kind,
      from: data.from,
      to: data.to,
    }),
    schema: schema({
      order_id: uuid,
      property_id: uuid,
      kind: ORDER_KIND,
      from: ORDER_STATUS,
      to: ORDER_STATUS,
    }),
    example: {
      provider_id: PROVIDER,
      order_id: ORDER,
      property_id: PROPERTY,
      kind: 'floorplan',
      from: 'placed',
      to: 'in_progress',
    },
  },
  'orders.order.finalised.v1': {
    type: 'order.finalised',
    // Files by name and size: where the platform stores them is its own business.
    project: (data) => ({
      providerId: data.providerId,
      orderId: data.orderId,
      propertyId: data.propertyId,
      kind: data.kind,
      credits: data.credits,
      files: data.files.map((file) => ({
        fileId: file.fileId,
        filename: file.filename,
        contentType: file.contentType,
        size: file.size,
        // A retouched photo: the property's photo it retouches (null for a plan).
        photoId: file.photoId ?? null,
      })),
    }),
    schema: schema({
      order_id: uuid,
      property_id: uuid,
      kind: ORDER_KIND,
      credits: { type: 'integer' },
      files: {
        type: 'array',
        items: {
          type: 'object',
          required: ['file_id', 'filename', 'content_type', 'size', 'photo_id'],
          properties: {
            file_id: uuid,
            filename: text,
            content_type: text,
            size: { type: 'integer' },
            photo_id: nullable(uuid),
          },
          additionalProperties: false,
        },
      },
    }),
    example: {
      provider_id: PROVIDER,
      order_id: ORDER,
      property_id: PROPERTY,
      kind: 'floorplan',
      credits: 5,
      files: [
        {
          file_id: '0190f2b1-2c3d-7e4f-8a5b-6c7d8e9f0a1b',
          filename: 'plan.png',
          content_type: 'image/png',
          size: 48213,
          photo_id: null,
        },
      ],
    },
  },
  'orders.order.cancelled.v1': {
    type: 'order.cancelled',
    project: (data) => ({
      providerId: data.providerId,
      orderId: data.orderId,
      propertyId: data.propertyId,
      kind: data.kind,
      credits: data.credits,
      cancellationReason: data.cancellationReason,
    }),
    schema: schema({
      order_id: uuid,
      property_id: uuid,
      kind: ORDER_KIND,
      credits: { type: 'integer' },
      cancellation_reason: text,
    }),
    example: {
      provider_id: PROVIDER,
      order_id: ORDER,
      property_id: PROPERTY,
      kind: 'floorplan',
      credits: 5,
      cancellation_reason: 'The scan is being redone.',
    },
  },
  'billing.subscription.changed.v1': {
    type: 'subscription.changed',
    project: (data) => ({
      providerId: data.providerId,
      productCode: data.productCode,
      interval: data.interval,
      status: data.status,
      premiumTourLimit: data.premiumTourLimit,
    }),
    schema: schema({
      product_code: oneOf(PRODUCT_CODES),
      interval: oneOf(INTERVALS),
      status: oneOf(SUBSCRIPTION_STATUSES),
      premium_tour_limit: nullable({ type: 'integer' }),
    }),
    example: {
      provider_id: PROVIDER,
      product_code: 'vt_creator_plan',
      interval: 'month',
      status: 'active',
      premium_tour_limit: null,
    },
  },
  'billing.credits.changed.v1': {
    type: 'credits.changed',
    project: (data) => ({
      providerId: data.providerId,
      change: data.change,
      category: data.category,
      amount: data.amount,
      reference: data.reference,
      availableBalance: data.availableBalance,
      reservedBalance: data.reservedBalance,
    }),
    schema: schema({
      change: oneOf(CREDIT_CHANGES),
      category: nullable(oneOf(CREDIT_CATEGORIES)),
      amount: { type: 'integer' },
      reference: nullable(text),
      available_balance: { type: 'integer' },
      reserved_balance: { type: 'integer' },
    }),
    example: {
      provider_id: PROVIDER,
      change: 'reserve',
      category: null,
      amount: -5,
      reference: `order:${ORDER}`,
      available_balance: 55,
      reserved_balance: 5,
    },
  },
  'billing.hosting.subscription.changed.v1': {
    type: 'hosting.subscription.changed',
    project: (data) => ({
      providerId: data.providerId,
      subscriptionId: data.subscriptionId,
      customerId: data.customerId,
      status: data.status,
      propertyIds: data.propertyIds,
      cancelAtPeriodEnd: data.cancelAtPeriodEnd,
    }),
    schema: schema({
      subscription_id: uuid,
      customer_id: uuid,
      status: oneOf(SUBSCRIPTION_STATUSES),
      property_ids: { type: 'array', items: uuid },
      cancel_at_period_end: { type: 'boolean' },
    }),
    example: {
      provider_id: PROVIDER,
      subscription_id: '0190f2e5-6f70-7b82-8c3d-4e5f6a7b8c9d',
      customer_id: '0190f2e5-7a81-7c93-9d4e-5f6a7b8c9d0e',
      status: 'active',
      property_ids: [PROPERTY],
      cancel_at_period_end: false,
    },
  },
  'billing.hosting.invoice.paid.v1': {
    type: 'hosting.invoice.paid',
    project: (data) => ({
      providerId: data.providerId,
      invoiceId: data.invoiceId,
      subscriptionId: data.subscriptionId,
      customerId: data.customerId,
      amountPaid: data.amountPaid,
      currency: data.currency,
      propertyIds: data.propertyIds,
    }),
    schema: schema({
      invoice_id: uuid,
      subscription_id: nullable(uuid),
      customer_id: uuid,
      amount_paid: { type: 'integer' },
      currency: text,
      property_ids: { type: 'array', items: uuid },
    }),
    example: {
      provider_id: PROVIDER,
      invoice_id: '0190f2e5-8b92-7da4-8e5f-6a7b8c9d0e1f',
      subscription_id: '0190f2e5-6f70-7b82-8c3d-4e5f6a7b8c9d',
      customer_id: '0190f2e5-7a81-7c93-9d4e-5f6a7b8c9d0e',
      amount_paid: 5390,
      currency: 'aud',
      property_ids: [PROPERTY],
    },
  },
  'properties.hosting.tour.paused.v1': hostingTour('hosting.tour.paused', 'invoice_overdue'),
  'properties.hosting.tour.resumed.v1': hostingTour('hosting.tour.resumed', 'invoice_paid'),
  'properties.lead.received.v1': {
    type: 'lead.received',
    project: (data) => ({
      providerId: data.providerId,
      propertyId: data.propertyId,
      leadId: data.leadId,
      source: data.source,
      tourId: data.tourId,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      phoneNumber: data.phoneNumber,
      message: data.message,
      // Events published before attribution existed carry none: receivers always get the key.
      attribution: data.attribution ?? null,
    }),
    schema: schema({
      property_id: uuid,
      lead_id: uuid,
      source: oneOf(['tour', 'website']),
      tour_id: nullable(text),
      first_name: text,
      last_name: text,
      email: text,
      phone_number: text,
      message: text,
      attribution: LEAD_ATTRIBUTION,
    }),
    example: {
      provider_id: PROVIDER,
      property_id: PROPERTY,
      lead_id: '0190f2c3-4d5e-7f60-8a1b-2c3d4e5f6a7b',
      source: 'tour',
      tour_id: 'Xa81kq',
      first_name: 'Ana',
      last_name: 'Ng',
      email: 'ana@example.com',
      phone_number: '+61 400 000 000',
      message: 'Is the open home on Saturday?',
      attribution: {
        rooms: [
          { room: 'Kitchen', floor: 0, seconds: 128 },
          { room: 'Living room', floor: 0, seconds: 45 },
        ],
        path: ['Hall', 'Kitchen', 'Living room', 'Kitchen'],
      },
    },
  },
  'properties.client.created.v1': {
    type: 'client.created',
    project: (data) => ({ providerId: data.providerId, clientId: data.clientId, name: data.name }),
    schema: schema({ client_id: uuid, name: text }),
    example: {
      provider_id: PROVIDER,
      client_id: '0190f2d4-5e6f-7a81-9b2c-3d4e5f6a7b8c',
      name: 'Harbour Realty',
    },
  },
  'properties.booking.created.v1': booking('booking.created', 'pending', null),
  'properties.booking.updated.v1': booking('booking.updated', 'accepted', 'pending'),
  'properties.booking.cancelled.v1': booking('booking.cancelled', 'cancelled', 'accepted'),
  'properties.digital_twin.aligned.v1': {
    type: 'digital_twin.aligned',
    project: (data) => ({
      providerId: data.providerId,
      propertyId: data.propertyId,
      digitalTwinId: data.digitalTwinId,
      assetId: data.assetId,
      transform: data.transform,
      rmsError: data.rmsError,
      alignedAt: data.alignedAt,
    }),
    schema: schema({
      property_id: uuid,
      digital_twin_id: uuid,
      asset_id: uuid,
      transform: {
        type: 'object',
        required: ['scale', 'quaternion', 'translation'],
        properties: {
          scale: NUMBER,
          quaternion: vector(['x', 'y', 'z', 'w']),
          translation: vector(['x', 'y', 'z']),
        },
        additionalProperties: false,
      },
      rms_error: NUMBER,
      aligned_at: { type: 'string', format: 'date-time' },
    }),
    example: {
      provider_id: PROVIDER,
      property_id: PROPERTY,
      digital_twin_id: '0190f2e6-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
      asset_id: '0190f2e6-2b3c-7d4e-9f50-6a7b8c9d0e1f',
      transform: {
        scale: 1,
        quaternion: { x: 0, y: 0.7071, z: 0, w: 0.7071 },
        translation: { x: 3, y: 1, z: 0 },
      },
      rms_error: 0.04,
      aligned_at: '2026-12-02T10:15:00.000Z',
    },
  },
  'properties.segmentation.completed.v1': {
    type: 'segmentation.completed',
    project: (data) => ({
      providerId: data.providerId,
      propertyId: data.propertyId,
      jobId: data.jobId,
      sceneId: data.sceneId,
      matterportKey: data.matterportKey,
      status: data.status,
      panoramas: data.panoramas,
      segmented: data.segmented,
      failed: data.failed,
      emptyRoomPanoIds: data.emptyRoomPanoIds,
      completedAt: data.completedAt,
    }),
    schema: schema({
      property_id: uuid,
      job_id: uuid,
      scene_id: uuid,
      matterport_key: text,
      status: oneOf(['done', 'failed']),
      panoramas: { type: 'integer' },
      segmented: { type: 'integer' },
      failed: { type: 'integer' },
      empty_room_pano_ids: { type: 'array', items: text },
      completed_at: { type: 'string', format: 'date-time' },
    }),
    example: {
      provider_id: PROVIDER,
      property_id: PROPERTY,
      job_id: '0190f2e6-3c4d-7e5f-8a60-7b8c9d0e1f2a',
      scene_id: '0190f2e6-4d5e-7f60-9b71-8c9d0e1f2a3b',
      matterport_key: 'SxQL3iGyoDo',
      status: 'done',
      panoramas: 9,
      segmented: 9,
      failed: 0,
      empty_room_pano_ids: ['vuvl6alo7fjwdouedlvvg4gec'],
      completed_at: '2026-12-02T10:20:00.000Z',
    },
  },
};

/** The internal subjects the dispatcher listens to: one durable consumer each. */
export const WEBHOOK_SOURCE_SUBJECTS = Object.keys(WEBHOOK_CATALOGUE) as EventSubject[];

/** Every public event type with its description, schema and example, in the catalogue's order. */
export function publicEvents(): Array<{
  type: WebhookEventType;
  description: string;
  schema: PayloadSchema;
  example: Record<string, unknown>;
}> {
  return Object.values(WEBHOOK_CATALOGUE).map((event) => ({
    type: event!.type,
    description: WEBHOOK_EVENT_DESCRIPTIONS[event!.type],
    schema: event!.schema,
    example: event!.example,
  }));
}

/** The public type and wire payload (`data`, snake_case) of an internal event, or undefined if it is not public. */
export function publicEventOf(
  subject: EventSubject,
  data: unknown,
): { type: WebhookEventType; data: Record<string, unknown> } | undefined {
  const event = WEBHOOK_CATALOGUE[subject] as PublicEvent<unknown> | undefined;
  if (!event) return undefined;
  return {
    type: event.type,
    data: toSnakeKeys(event.project(data)) as Record<string, unknown>,
  };
}

/** The body of a test event the developer page sends. */
export function testEventData(providerId: string, endpointId: string): Record<string, unknown> {
  return {
    provider_id: providerId,
    endpoint_id: endpointId,
    message: `This is a ${WEBHOOK_TEST_EVENT_TYPE} event: your endpoint received and can verify Tourly's webhooks.`,
  };
}

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The message id: the same on every retry and replay of this event; dedupe on it.',
  },
  { name: 'webhook-timestamp', description: 'When this attempt was signed, in seconds since the epoch.' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint’s secret (two during a rotation). Verify with any Standard Webhooks library.',
  },
].map(({ name, description }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

/**
 * The catalogue as OpenAPI webhooks (3.1's `webhooks` shape, carried as `x-webhooks`): for each event type, the
 * POST an endpoint receives, its headers, body schema and an example.
 */
export function openApiWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    publicEvents().map(({ type, description, schema, example }) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: description,
          description: `Sent to endpoints subscribed to \`${type}\`. Answer any 2xx within 10 s to acknowledge it; anything else is retried (8 attempts over about a day).`,
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', enum: [type] },
                    timestamp: {
                      type: 'string',
                      format: 'date-time',
                      description: 'when the event happened',
                    },
                    data: schema,
                  },
                },
                example: { type, timestamp: '2026-11-28T09:30:00.000Z', data: example },
              },
            },
          },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery.' } },
        },
      },
    ]),
  );
}
