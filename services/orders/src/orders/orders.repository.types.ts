/** Types generated for queries found in "services/orders/src/orders/orders.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'FindOrder' parameters type */
export interface IFindOrderParams {
  id: string;
}

/** 'FindOrder' return type */
export interface IFindOrderResult {
  amendsOrderId: string | null;
  assignedAt: Date | null;
  cancellationReason: string | null;
  cancelledAt: Date | null;
  credits: number;
  deliveredAt: Date | null;
  drawnBy: string;
  id: string;
  instructions: string | null;
  kind: string;
  matterportModelId: string | null;
  matterportSpeed: string | null;
  number: number;
  pausedAt: Date | null;
  placedAt: Date;
  placedBy: string | null;
  promisedAt: Date;
  propertyAddress: string | null;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  retouchDelivery: string | null;
  retouchOptions: stringArray | null;
  startedAt: Date | null;
  status: string;
  supplierId: string | null;
  workshopTasks: stringArray | null;
}

/** 'FindOrder' query type */
export interface IFindOrderQuery {
  params: IFindOrderParams;
  result: IFindOrderResult;
}

/** 'LockOrder' parameters type */
export interface ILockOrderParams {
  id: string;
}

/** 'LockOrder' return type */
export interface ILockOrderResult {
  amendsOrderId: string | null;
  assignedAt: Date | null;
  cancellationReason: string | null;
  cancelledAt: Date | null;
  credits: number;
  deliveredAt: Date | null;
  drawnBy: string;
  id: string;
  instructions: string | null;
  kind: string;
  matterportModelId: string | null;
  matterportSpeed: string | null;
  number: number;
  pausedAt: Date | null;
  placedAt: Date;
  placedBy: string | null;
  promisedAt: Date;
  propertyAddress: string | null;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  retouchDelivery: string | null;
  retouchOptions: stringArray | null;
  startedAt: Date | null;
  status: string;
  supplierId: string | null;
  workshopTasks: stringArray | null;
}

/** 'LockOrder' query type */
export interface ILockOrderQuery {
  params: ILockOrderParams;
  result: ILockOrderResult;
}

/** 'FirstOrderOf' parameters type */
export interface IFirstOrderOfParams {
  orderId: string;
}

/** 'FirstOrderOf' return type */
export interface IFirstOrderOfResult {
  id: string;
}

/** 'FirstOrderOf' query type */
export interface IFirstOrderOfQuery {
  params: IFirstOrderOfParams;
  result: IFirstOrderOfResult;
}

/** 'OrderAmendments' parameters type */
export interface IOrderAmendmentsParams {
  orderId: string;
}

/** 'OrderAmendments' return type */
export interface IOrderAmendmentsResult {
  amendsOrderId: string | null;
  assignedAt: Date | null;
  cancellationReason: string | null;
  cancelledAt: Date | null;
  credits: number;
  deliveredAt: Date | null;
  drawnBy: string;
  id: string;
  instructions: string | null;
  kind: string;
  matterportModelId: string | null;
  matterportSpeed: string | null;
  number: number;
  pausedAt: Date | null;
  placedAt: Date;
  placedBy: string | null;
  promisedAt: Date;
  propertyAddress: string | null;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  retouchDelivery: string | null;
  retouchOptions: stringArray | null;
  startedAt: Date | null;
  status: string;
  supplierId: string | null;
  workshopTasks: stringArray | null;
}

/** 'OrderAmendments' query type */
export interface IOrderAmendmentsQuery {
  params: IOrderAmendmentsParams;
  result: IOrderAmendmentsResult;
}

/** 'InsertOrder' parameters type */
export interface IInsertOrderParams {
  amendsOrderId?: string | null | void;
  credits: number;
  drawnBy: string;
  id: string;
  instructions?: string | null | void;
  kind: string;
  matterportModelId?: string | null | void;
  matterportSpeed?: string | null | void;
  placedBy?: string | null | void;
  promisedAt: DateOrString;
  propertyAddress?: string | null | void;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  retouchDelivery?: string | null | void;
  retouchOptions?: stringArray | null | void;
  supplierId?: string | null | void;
  workshopTasks?: stringArray | null | void;
}

/** 'InsertOrder' return type */
export type IInsertOrderResult = void;

/** 'InsertOrder' query type */
export interface IInsertOrderQuery {
  params: IInsertOrderParams;
  result: IInsertOrderResult;
}

/** 'MoveToPlaced' parameters type */
export interface IMoveToPlacedParams {
  cancellationReason?: string | null | void;
  id: string;
  status: string;
}

/** 'MoveToPlaced' return type */
export type IMoveToPlacedResult = void;

/** 'MoveToPlaced' query type */
export interface IMoveToPlacedQuery {
  params: IMoveToPlacedParams;
  result: IMoveToPlacedResult;
}

/** 'MoveToInProgress' parameters type */
export interface IMoveToInProgressParams {
  cancellationReason?: string | null | void;
  id: string;
  status: string;
}

/** 'MoveToInProgress' return type */
export type IMoveToInProgressResult = void;

/** 'MoveToInProgress' query type */
export interface IMoveToInProgressQuery {
  params: IMoveToInProgressParams;
  result: IMoveToInProgressResult;
}

/** 'MoveToPaused' parameters type */
export interface IMoveToPausedParams {
  cancellationReason?: string | null | void;
  id: string;
  status: string;
}

/** 'MoveToPaused' return type */
export type IMoveToPausedResult = void;

/** 'MoveToPaused' query type */
export interface IMoveToPausedQuery {
  params: IMoveToPausedParams;
  result: IMoveToPausedResult;
}

/** 'MoveToDelivered' parameters type */
export interface IMoveToDeliveredParams {
  cancellationReason?: string | null | void;
  id: string;
  status: string;
}

/** 'MoveToDelivered' return type */
export type IMoveToDeliveredResult = void;

/** 'MoveToDelivered' query type */
export interface IMoveToDeliveredQuery {
  params: IMoveToDeliveredParams;
  result: IMoveToDeliveredResult;
}

/** 'MoveToCancelled' parameters type */
export interface IMoveToCancelledParams {
  cancellationReason?: string | null | void;
  id: string;
  status: string;
}

/** 'MoveToCancelled' return type */
export type IMoveToCancelledResult = void;

/** 'MoveToCancelled' query type */
export interface IMoveToCancelledQuery {
  params: IMoveToCancelledParams;
  result: IMoveToCancelledResult;
}

/** 'AssignOrder' parameters type */
export interface IAssignOrderParams {
  id: string;
  supplierId: string;
}

/** 'AssignOrder' return type */
export type IAssignOrderResult = void;

/** 'AssignOrder' query type */
export interface IAssignOrderQuery {
  params: IAssignOrderParams;
  result: IAssignOrderResult;
}

/** 'AddOrderStep' parameters type */
export interface IAddOrderStepParams {
  actorId?: string | null | void;
  note?: string | null | void;
  orderId: string;
  step: string;
}

/** 'AddOrderStep' return type */
export type IAddOrderStepResult = void;

/** 'AddOrderStep' query type */
export interface IAddOrderStepQuery {
  params: IAddOrderStepParams;
  result: IAddOrderStepResult;
}

/** 'OrdersAtMatterport' parameters type */
export interface IOrdersAtMatterportParams {
  limit: NumberOrString;
}

/** 'OrdersAtMatterport' return type */
export interface IOrdersAtMatterportResult {
  id: string;
}

/** 'OrdersAtMatterport' query type */
export interface IOrdersAtMatterportQuery {
  params: IOrdersAtMatterportParams;
  result: IOrdersAtMatterportResult;
}

/** 'OrderSteps' parameters type */
export interface IOrderStepsParams {
  orderId: string;
}

/** 'OrderSteps' return type */
export interface IOrderStepsResult {
  actorId: string | null;
  at: Date;
  note: string | null;
  step: string;
}

/** 'OrderSteps' query type */
export interface IOrderStepsQuery {
  params: IOrderStepsParams;
  result: IOrderStepsResult;
}

/** 'OrderPage' parameters type */
export type IOrderPageParams = void;

/** 'OrderPage' return type */
export interface IOrderPageResult {
  amendsOrderId: string | null;
  assignedAt: Date | null;
  cancellationReason: string | null;
  cancelledAt: Date | null;
  credits: number;
  deliveredAt: Date | null;
  drawnBy: string;
  id: string;
  instructions: string | null;
  kind: string;
  matterportModelId: string | null;
  matterportSpeed: string | null;
  number: number;
  pausedAt: Date | null;
  placedAt: Date;
  placedBy: string | null;
  promisedAt: Date;
  propertyAddress: string | null;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  retouchDelivery: string | null;
  retouchOptions: stringArray | null;
  startedAt: Date | null;
  status: string;
  supplierId: string | null;
  total: number;
  workshopTasks: stringArray | null;
}

/** 'OrderPage' query type */
export interface IOrderPageQuery {
  params: IOrderPageParams;
  result: IOrderPageResult;
}

/** 'OrderCount' parameters type */
export type IOrderCountParams = void;

/** 'OrderCount' return type */
export interface IOrderCountResult {
  count: number;
}

/** 'OrderCount' query type */
export interface IOrderCountQuery {
  params: IOrderCountParams;
  result: IOrderCountResult;
}

/** 'OrderExport' parameters type */
export type IOrderExportParams = void;

/** 'OrderExport' return type */
export interface IOrderExportResult {
  amendsOrderId: string | null;
  assignedAt: Date | null;
  cancellationReason: string | null;
  cancelledAt: Date | null;
  credits: number;
  deliveredAt: Date | null;
  drawnBy: string;
  id: string;
  instructions: string | null;
  kind: string;
  matterportModelId: string | null;
  matterportSpeed: string | null;
  number: number;
  pausedAt: Date | null;
  placedAt: Date;
  placedBy: string | null;
  promisedAt: Date;
  propertyAddress: string | null;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  retouchDelivery: string | null;
  retouchOptions: stringArray | null;
  startedAt: Date | null;
  status: string;
  supplierId: string | null;
  workshopTasks: stringArray | null;
}

/** 'OrderExport' query type */
export interface IOrderExportQuery {
  params: IOrderExportParams;
  result: IOrderExportResult;
}
