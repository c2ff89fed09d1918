import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsObject, IsOptional, IsUUID } from 'class-validator';
import {
  MATTERPORT_SPEEDS,
  MAX_RETOUCH_PHOTOS,
  ORDER_DRAWERS,
  ORDER_FILE_ROLES,
  ORDER_KINDS,
  ORDER_STATUSES,
  ORDER_STEPS,
  RETOUCH_DELIVERIES,
  RETOUCH_OPTIONS,
  WORKSHOP_TASKS,
  type MatterportSpeed,
  type OrderDrawer,
  type OrderFileRole,
  type OrderKind,
  type OrderStatus,
  type OrderStep,
  type RetouchDelivery,
  type RetouchOption,
  type WorkshopTask,
} from '@tourly/contracts';
import {
  IdField,
  IdParam,
  IsoDate,
  ListField,
  Nested,
  OneOfField,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  RequiredOneOf,
  RequiredString,
  TextField,
  TimeField,
} from '@tourly/platform';
import { ORDER_NOT_FOUND } from './orders.rules';

export const orderId = () => IdParam(ORDER_NOT_FOUND);
export const fileId = () => IdParam('File not found');

/** `status` as the spec sends it, a list filter: `status=placed`, `status=placed,paused` or `status[]=...`. */
const StatusList = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: [String],
      enum: ORDER_STATUSES,
      description: 'one status, several separated by commas, or status[] repeated',
    }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((status) => status.trim())
            .filter(Boolean)
        : value,
    ),
    IsOptional(),
    IsIn(ORDER_STATUSES, { each: true, message: `must be one of: ${ORDER_STATUSES.join(', ')}` }),
  );

/** A queue's or a list's query: paged, searched (order number, property title or address), by status. */
export class OrdersQuery extends PageQuery {
  @OptionalString(120)
  search?: string;

  @StatusList()
  status?: OrderStatus[];
}

/** The provider's own orders: also by property. */
export class ProviderOrdersQuery extends OrdersQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'is not a property id' })
  propertyId?: string;
}

/** Orders placed in a period (dates or timestamps, ISO 8601): from `start_date`, up to the end of `end_date`. */
export class PeriodQuery extends PageQuery {
  @IsoDate({ optional: true })
  startDate?: string;

  @IsoDate({ optional: true })
  endDate?: string;
}

/** The billing page's orders: `with_credit_spend` keeps those that cost credits. */
export class BillingOrdersQuery extends PeriodQuery {
  @ApiPropertyOptional({ type: Boolean })
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsOptional()
  @IsIn([true, false], { message: 'must be true or false' })
  withCreditSpend?: boolean;
}

export class FloorplanOrderFields {
  @ApiPropertyOptional({ format: 'uuid', description: 'the property (in the path of the property route)' })
  @IsOptional()
  @IsUUID('all', { message: 'is not a property id' })
  propertyId?: string;

  @RequiredOneOf(ORDER_KINDS)
  kind!: OrderKind;

  /**
   * Who works it: a supplier (unset), Matterport itself for the kinds it sells (MATTERPORT_DRAWN_KINDS), the staff for
   * the workshop assistant (unset).
   */
  @OptionalOneOf(ORDER_DRAWERS)
  drawnBy?: OrderDrawer;

  /** How fast Matterport draws it (its price and promised time); only with `drawn_by: matterport`, normal unset. */
  @OptionalOneOf(MATTERPORT_SPEEDS)
  matterportSpeed?: MatterportSpeed;

  @OptionalString(2000)
  instructions?: string;

  /** Retouching only (required there): the property's photos to retouch. */
  @ApiPropertyOptional({ type: [String], format: 'uuid', minItems: 1, maxItems: MAX_RETOUCH_PHOTOS })
  @IsOptional()
  @IsUUID('all', { each: true, message: 'must list photo ids' })
  @ArrayMaxSize(MAX_RETOUCH_PHOTOS, { message: `must list at most ${MAX_RETOUCH_PHOTOS} photos` })
  @ArrayNotEmpty({ message: 'must list at least one photo' })
  @IsArray({ message: 'must list photo ids' })
  photoIds?: string[];

  /** Retouching only (required there): what is done to every photo, each priced per photo. */
  @ApiPropertyOptional({ type: [String], enum: RETOUCH_OPTIONS, minItems: 1 })
  @IsOptional()
  @IsIn(RETOUCH_OPTIONS, { each: true, message: `must list some of: ${RETOUCH_OPTIONS.join(', ')}` })
  @ArrayNotEmpty({ message: 'must list at least one option' })
  @IsArray({ message: `must list some of: ${RETOUCH_OPTIONS.join(', ')}` })
  retouchOptions?: RetouchOption[];

  /** Retouching only: the retouched photos beside their originals (unset) or in their place. */
  @OptionalOneOf(RETOUCH_DELIVERIES)
  retouchDelivery?: RetouchDelivery;

  /** The workshop assistant only (required there, with the brief in `instructions`): the tour's layers to work on. */
  @ApiPropertyOptional({ type: [String], enum: WORKSHOP_TASKS, minItems: 1 })
  @IsOptional()
  @IsIn(WORKSHOP_TASKS, { each: true, message: `must list some of: ${WORKSHOP_TASKS.join(', ')}` })
  @ArrayNotEmpty({ message: 'must list at least one task' })
  @IsArray({ message: `must list some of: ${WORKSHOP_TASKS.join(', ')}` })
  workshopTasks?: WorkshopTask[];
}

/** `floorplan_order` (001 §7). */
export class PlaceOrder {
  @Nested(() => FloorplanOrderFields)
  floorplanOrder!: FloorplanOrderFields;
}

export class CancelOrder {
  @RequiredString(500)
  cancellationReason!: string;
}

export class AmendmentFields {
  @RequiredString(2000)
  notes!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' } },
    },
    description:
      'files uploaded to the order (POST /opw_resources/{id}/files) as an indexed map: {"0": {"id": ...}}',
  })
  @IsOptional()
  @IsObject({ message: 'must be an indexed map of files' })
  supportingFiles?: Record<string, unknown>;
}

/** `amendment_form` (002 §3): what to change, and supporting files as an indexed map. */
export class AmendOrder {
  @Nested(() => AmendmentFields)
  amendmentForm!: AmendmentFields;
}

export class AssignOrder {
  @IdField()
  @IsUUID('all', { message: 'is not a supplier id' })
  supplierId!: string;
}

export class CopyFile {
  @IdField()
  @IsUUID('all', { message: 'is not a file id' })
  fileId!: string;
}

export class FileResponse {
  @IdField()
  id!: string;
  @OneOfField(ORDER_FILE_ROLES)
  role!: OrderFileRole;
  @ApiProperty()
  filename!: string;
  @ApiProperty()
  contentType!: string;
  @ApiProperty()
  size!: number;
  @IdField({ nullable: true, description: 'null for the files Matterport delivered' })
  uploadedBy!: string | null;
  @IdField({ nullable: true, description: "a retouching order's original: the property's photo it copies" })
  photoId!: string | null;
  @TimeField()
  createdAt!: Date;
  @ApiProperty({ description: 'a presigned link to read it, valid for an hour' })
  url!: string;
}

export class StepResponse {
  @OneOfField(ORDER_STEPS)
  step!: OrderStep;
  @TimeField()
  at!: Date;
  @TextField({ nullable: true })
  note!: string | null;
}

export class OrderResponse {
  @IdField()
  id!: string;
  @ApiProperty({
    description: 'what people quote, "order 12": the provider\'s own count of its orders, from 1',
  })
  number!: number;
  @IdField()
  providerId!: string;
  @IdField()
  propertyId!: string;
  @ApiProperty()
  propertyTitle!: string;
  @TextField({ nullable: true })
  propertyAddress!: string | null;
  @OneOfField(ORDER_KINDS)
  kind!: OrderKind;
  @OneOfField(ORDER_DRAWERS, {
    description:
      "who works the order: one of the platform's suppliers, Matterport (its schematic plans) or the platform's staff (the workshop assistant)",
  })
  drawnBy!: OrderDrawer;
  @OneOfField(MATTERPORT_SPEEDS, {
    nullable: true,
    description: "how fast Matterport draws it; null for a supplier's",
  })
  matterportSpeed!: MatterportSpeed | null;
  @ApiProperty({
    type: [String],
    enum: RETOUCH_OPTIONS,
    nullable: true,
    description: 'null but for retouching',
  })
  retouchOptions!: RetouchOption[] | null;
  @OneOfField(RETOUCH_DELIVERIES, { nullable: true, description: 'null but for retouching' })
  retouchDelivery!: RetouchDelivery | null;
  @ApiProperty({
    type: [String],
    enum: WORKSHOP_TASKS,
    nullable: true,
    description: "null but for the workshop assistant: the tour's layers it works on",
  })
  workshopTasks!: WorkshopTask[] | null;
  @OneOfField(ORDER_STATUSES)
  status!: OrderStatus;
  @IdField({ nullable: true, description: 'the delivered order this one amends' })
  amendsOrderId!: string | null;
  @ApiProperty()
  credits!: number;
  @TextField({ nullable: true })
  instructions!: string | null;
  @IdField({ nullable: true })
  supplierId!: string | null;
  @TimeField()
  placedAt!: Date;
  @TimeField({ description: 'when the plan is promised' })
  promisedAt!: Date;
  @TimeField({ nullable: true })
  assignedAt!: Date | null;
  @TimeField({ nullable: true })
  startedAt!: Date | null;
  @TimeField({ nullable: true })
  pausedAt!: Date | null;
  @TimeField({ nullable: true })
  deliveredAt!: Date | null;
  @TimeField({ nullable: true })
  cancelledAt!: Date | null;
  @TextField({ nullable: true })
  cancellationReason!: string | null;
}

/** One order with its history, its files (links valid an hour) and its amendments. */
export class OrderDetailResponse extends OrderResponse {
  @ListField(StepResponse)
  steps!: StepResponse[];
  @ListField(FileResponse)
  files!: FileResponse[];
  @ListField(OrderResponse)
  amendments!: OrderResponse[];
}

/** What Matterport's own plan of an order's space is, for the supplier (`unavailable`: Matterport cannot be asked). */
export const AUTOGENERATED_STATUSES = ['none', 'pending', 'completed', 'failed', 'unavailable'] as const;
export type AutogeneratedStatus = (typeof AUTOGENERATED_STATUSES)[number];

export class AutogeneratedFileResponse {
  @ApiProperty()
  filename!: string;
  @ApiProperty()
  contentType!: string;
  @ApiProperty({ description: "Matterport's own link, signed for a while" })
  url!: string;
}

/** Matterport's plan of the order's space, where one exists: what the supplier may start from. */
export class AutogeneratedPlanResponse {
  @OneOfField(AUTOGENERATED_STATUSES)
  status!: AutogeneratedStatus;
  @TextField({ nullable: true, description: 'why there is none to start from, in words' })
  reason!: string | null;
  @ListField(AutogeneratedFileResponse)
  files!: AutogeneratedFileResponse[];
}

/** What finalising would find wrong, without finalising. */
export class ValidationResponse {
  @ApiProperty()
  ready!: boolean;
  @ListField(String)
  problems!: string[];
}

export class SupplierResponse {
  @IdField()
  userId!: string;
  @ApiProperty()
  fullName!: string;
  @ApiProperty()
  email!: string;
}
