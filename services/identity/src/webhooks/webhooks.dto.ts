import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import {
  MESSAGES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookDeliveryStatus,
} from '@tourly/contracts';
import { IdParam, Nested, OptionalFlag, OptionalOneOf, PageQuery } from '@tourly/platform';

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found';
export const endpointId = () => IdParam(ENDPOINT_NOT_FOUND);
export const deliveryId = () => IdParam(DELIVERY_NOT_FOUND);

const EVENT_TYPES_MESSAGE = `must list only these event types: ${WEBHOOK_EVENT_TYPES.join(', ')}`;

/** An endpoint's address: required when one is made, optional (left out: unchanged) in an update. */
const EndpointUrl = (required: boolean) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      example: 'https://crm.example.com/hooks/tourly',
      maxLength: WEBHOOK_LIMITS.urlMaxLength,
    }),
    required ? IsDefined({ message: MESSAGES.required }) : IsOptional(),
    IsString({ message: 'must be a valid URL' }),
    MaxLength(WEBHOOK_LIMITS.urlMaxLength, {
      message: `must be at most ${WEBHOOK_LIMITS.urlMaxLength} characters`,
    }),
  );

/** The event types an endpoint receives: required when one is made, optional in an update. */
const EndpointEventTypes = (required: boolean) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({ type: [String], enum: WEBHOOK_EVENT_TYPES }),
    required ? IsDefined({ message: 'must list at least one event type' }) : IsOptional(),
    IsArray({ message: 'must list at least one event type' }),
    ArrayNotEmpty({ message: 'must list at least one event type' }),
    ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: EVENT_TYPES_MESSAGE }),
    IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENT_TYPES_MESSAGE }),
  );

/** What every endpoint may say of itself, made or updated. */
class EndpointSettings {
  @ApiPropertyOptional({ maxLength: WEBHOOK_LIMITS.descriptionMaxLength })
  @IsOptional()
  @IsString({ message: 'must be text' })
  @MaxLength(WEBHOOK_LIMITS.descriptionMaxLength, {
    message: `must be at most ${WEBHOOK_LIMITS.descriptionMaxLength} characters`,
  })
  description?: string;

  @OptionalFlag({
    description: 'false pauses deliveries; true sends again (and re-enables a disabled endpoint)',
  })
  enabled?: boolean;
}

/** The fields of an endpoint in an update: each optional (left out: unchanged). */
class EndpointChanges extends EndpointSettings {
  @EndpointUrl(false)
  url?: string;

  @EndpointEventTypes(false)
  eventTypes?: string[];
}

/** A new endpoint: its URL and event types required. */
class NewEndpointFields extends EndpointSettings {
  @EndpointUrl(true)
  url!: string;

  @EndpointEventTypes(true)
  eventTypes!: string[];
}

/** `{"endpoint": {url, event_types, description?, enabled?}}` */
export class CreateEndpoint {
  @Nested(() => NewEndpointFields)
  endpoint!: NewEndpointFields;
}

/** `{"endpoint": {url?, event_types?, description?, enabled?}}` */
export class UpdateEndpoint {
  @Nested(() => EndpointChanges)
  endpoint!: EndpointChanges;
}

export class DeliveriesQuery extends PageQuery {
  @OptionalOneOf(WEBHOOK_DELIVERY_STATUSES)
  status?: WebhookDeliveryStatus;
}

export class EndpointCountsResponse {
  @ApiProperty({ description: 'deliveries waiting for their next attempt' })
  pending!: number;
  @ApiProperty({ description: 'deliveries whose attempts all failed' })
  failed!: number;
  @ApiProperty()
  succeeded!: number;
}

export class EndpointResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty()
  url!: string;
  @ApiProperty()
  description!: string;
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_TYPES })
  eventTypes!: string[];
  @ApiProperty()
  enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'why the platform disabled it, and what to do' })
  disabledReason!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  disabledAt!: Date | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'first failure since the last success',
  })
  failingSince!: Date | null;
  @ApiProperty({
    example: 'whsec_…Ab3x',
    description: 'the end of the signing secret, to tell which one a receiver has',
  })
  secretHint!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'after a rotation: until when the previous secret still signs',
  })
  previousSecretExpiresAt!: Date | null;
  @ApiProperty({ type: EndpointCountsResponse })
  counts!: EndpointCountsResponse;
  @ApiProperty({ format: 'date-time' })
  createdAt!: Date;
  @ApiProperty({ format: 'date-time' })
  updatedAt!: Date;
}

export class EndpointWithSecretResponse extends EndpointResponse {
  @ApiProperty({ description: 'the signing secret, shown this once (Standard Webhooks: whsec_ and base64)' })
  secret!: string;
}

export class SubscriptionResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: Date;
  @ApiProperty({ type: [EndpointResponse] })
  endpoints!: EndpointResponse[];
}

export class EventTypeResponse {
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES })
  type!: string;
  @ApiProperty()
  description!: string;
}

export class WebhooksResponse {
  @ApiProperty({
    type: SubscriptionResponse,
    nullable: true,
    description: 'null until the provider sets webhooks up',
  })
  subscription!: SubscriptionResponse | null;
  @ApiProperty({ type: [EventTypeResponse] })
  eventTypes!: EventTypeResponse[];
}

export class DeliveryResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ description: 'the webhook-id header: the same on every attempt and replay' })
  messageId!: string;
  @ApiProperty({ format: 'uuid' })
  endpointId!: string;
  @ApiProperty()
  eventType!: string;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES })
  status!: WebhookDeliveryStatus;
  @ApiProperty({ description: 'attempts in the current round' })
  attempts!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextAttemptAt!: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt!: Date | null;
  @ApiProperty({ type: Number, nullable: true })
  lastStatusCode!: number | null;
  @ApiProperty({ type: Number, nullable: true })
  lastLatencyMs!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'the start of the receiver’s answer' })
  lastResponseSnippet!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'why there was no answer' })
  lastError!: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt!: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: Date | null;
}

export class AttemptResponse {
  @ApiProperty()
  number!: number;
  @ApiProperty({ format: 'date-time' })
  startedAt!: Date;
  @ApiProperty({ type: Number, nullable: true })
  statusCode!: number | null;
  @ApiProperty({ type: Number, nullable: true })
  latencyMs!: number | null;
  @ApiProperty({ type: String, nullable: true })
  responseSnippet!: string | null;
  @ApiProperty({ type: String, nullable: true })
  error!: string | null;
}

export class DeliveryDetailResponse extends DeliveryResponse {
  @ApiProperty({ description: 'the body as sent, byte for byte: JSON text of {type, timestamp, data}' })
  body!: string;
  @ApiProperty({ type: [AttemptResponse], description: 'every attempt, newest first' })
  attemptLog!: AttemptResponse[];
}

export class ReplayedResponse {
  @ApiProperty({ description: 'deliveries sent again' })
  replayed!: number;
}
