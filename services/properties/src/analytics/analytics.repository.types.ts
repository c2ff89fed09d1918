/** Types generated for queries found in "services/properties/src/analytics/analytics.repository.ts" */
export type DateOrString = Date | string;

export type DateOrStringArray = DateOrString[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'EnsurePartition' parameters type */
export interface IEnsurePartitionParams {
  day: DateOrString;
}

/** 'EnsurePartition' return type */
export interface IEnsurePartitionResult {
  made: boolean;
}

/** 'EnsurePartition' query type */
export interface IEnsurePartitionQuery {
  params: IEnsurePartitionParams;
  result: IEnsurePartitionResult;
}

/** 'DropPartitions' parameters type */
export interface IDropPartitionsParams {
  firstKept: DateOrString;
}

/** 'DropPartitions' return type */
export interface IDropPartitionsResult {
  dropped: number;
}

/** 'DropPartitions' query type */
export interface IDropPartitionsQuery {
  params: IDropPartitionsParams;
  result: IDropPartitionsResult;
}

/** 'InsertEvents' parameters type */
export interface IInsertEventsParams {
  batchId: string;
  consent: string;
  country?: string | null | void;
  device: string;
  events: Json;
  language: string;
  propertyId: string;
  providerId: string;
  receivedAt: DateOrString;
  referrerHost?: string | null | void;
  viewId: string;
  visitorKey: string;
}

/** 'InsertEvents' return type */
export interface IInsertEventsResult {
  seq: number;
}

/** 'InsertEvents' query type */
export interface IInsertEventsQuery {
  params: IInsertEventsParams;
  result: IInsertEventsResult;
}

/** 'MarkDue' parameters type */
export interface IMarkDueParams {
  days: DateOrStringArray;
  propertyId: string;
  providerId: string;
}

/** 'MarkDue' return type */
export type IMarkDueResult = void;

/** 'MarkDue' query type */
export interface IMarkDueQuery {
  params: IMarkDueParams;
  result: IMarkDueResult;
}

/** 'ForgetExpiredDue' parameters type */
export interface IForgetExpiredDueParams {
  firstKept: DateOrString;
}

/** 'ForgetExpiredDue' return type */
export type IForgetExpiredDueResult = void;

/** 'ForgetExpiredDue' query type */
export interface IForgetExpiredDueQuery {
  params: IForgetExpiredDueParams;
  result: IForgetExpiredDueResult;
}

/** 'ClaimDue' parameters type */
export type IClaimDueParams = void;

/** 'ClaimDue' return type */
export interface IClaimDueResult {
  day: string;
  propertyId: string;
  providerId: string;
}

/** 'ClaimDue' query type */
export interface IClaimDueQuery {
  params: IClaimDueParams;
  result: IClaimDueResult;
}

/** 'DeleteViewDays' parameters type */
export interface IDeleteViewDaysParams {
  day: DateOrString;
  propertyId: string;
}

/** 'DeleteViewDays' return type */
export type IDeleteViewDaysResult = void;

/** 'DeleteViewDays' query type */
export interface IDeleteViewDaysQuery {
  params: IDeleteViewDaysParams;
  result: IDeleteViewDaysResult;
}

/** 'DeleteDays' parameters type */
export interface IDeleteDaysParams {
  day: DateOrString;
  propertyId: string;
}

/** 'DeleteDays' return type */
export type IDeleteDaysResult = void;

/** 'DeleteDays' query type */
export interface IDeleteDaysQuery {
  params: IDeleteDaysParams;
  result: IDeleteDaysResult;
}

/** 'DeletePlaceDays' parameters type */
export interface IDeletePlaceDaysParams {
  day: DateOrString;
  propertyId: string;
}

/** 'DeletePlaceDays' return type */
export type IDeletePlaceDaysResult = void;

/** 'DeletePlaceDays' query type */
export interface IDeletePlaceDaysQuery {
  params: IDeletePlaceDaysParams;
  result: IDeletePlaceDaysResult;
}

/** 'InsertViewDays' parameters type */
export interface IInsertViewDaysParams {
  day: DateOrString;
  from: DateOrString;
  propertyId: string;
  providerId: string;
  until: DateOrString;
}

/** 'InsertViewDays' return type */
export type IInsertViewDaysResult = void;

/** 'InsertViewDays' query type */
export interface IInsertViewDaysQuery {
  params: IInsertViewDaysParams;
  result: IInsertViewDaysResult;
}

/** 'MarkSpanning' parameters type */
export interface IMarkSpanningParams {
  day: DateOrString;
  propertyId: string;
}

/** 'MarkSpanning' return type */
export interface IMarkSpanningResult {
  day: string;
}

/** 'MarkSpanning' query type */
export interface IMarkSpanningQuery {
  params: IMarkSpanningParams;
  result: IMarkSpanningResult;
}

/** 'InsertDays' parameters type */
export interface IInsertDaysParams {
  day: DateOrString;
  propertyId: string;
  providerId: string;
}

/** 'InsertDays' return type */
export type IInsertDaysResult = void;

/** 'InsertDays' query type */
export interface IInsertDaysQuery {
  params: IInsertDaysParams;
  result: IInsertDaysResult;
}

/** 'InsertPlaceDays' parameters type */
export interface IInsertPlaceDaysParams {
  day: DateOrString;
  from: DateOrString;
  propertyId: string;
  providerId: string;
  until: DateOrString;
}

/** 'InsertPlaceDays' return type */
export type IInsertPlaceDaysResult = void;

/** 'InsertPlaceDays' query type */
export interface IInsertPlaceDaysQuery {
  params: IInsertPlaceDaysParams;
  result: IInsertPlaceDaysResult;
}

/** 'RefreshSingleDays' parameters type */
export interface IRefreshSingleDaysParams {
  days: DateOrStringArray;
  propertyId: string;
}

/** 'RefreshSingleDays' return type */
export type IRefreshSingleDaysResult = void;

/** 'RefreshSingleDays' query type */
export interface IRefreshSingleDaysQuery {
  params: IRefreshSingleDaysParams;
  result: IRefreshSingleDaysResult;
}

/** 'DeleteDurationDays' parameters type */
export interface IDeleteDurationDaysParams {
  days: DateOrStringArray;
  propertyId: string;
}

/** 'DeleteDurationDays' return type */
export type IDeleteDurationDaysResult = void;

/** 'DeleteDurationDays' query type */
export interface IDeleteDurationDaysQuery {
  params: IDeleteDurationDaysParams;
  result: IDeleteDurationDaysResult;
}

/** 'InsertDurationDays' parameters type */
export interface IInsertDurationDaysParams {
  days: DateOrStringArray;
  propertyId: string;
  providerId: string;
}

/** 'InsertDurationDays' return type */
export type IInsertDurationDaysResult = void;

/** 'InsertDurationDays' query type */
export interface IInsertDurationDaysQuery {
  params: IInsertDurationDaysParams;
  result: IInsertDurationDaysResult;
}

/** 'DeleteBreakdownDays' parameters type */
export interface IDeleteBreakdownDaysParams {
  days: DateOrStringArray;
  propertyId: string;
}

/** 'DeleteBreakdownDays' return type */
export type IDeleteBreakdownDaysResult = void;

/** 'DeleteBreakdownDays' query type */
export interface IDeleteBreakdownDaysQuery {
  params: IDeleteBreakdownDaysParams;
  result: IDeleteBreakdownDaysResult;
}

/** 'InsertBreakdownDays' parameters type */
export interface IInsertBreakdownDaysParams {
  days: DateOrStringArray;
  propertyId: string;
  providerId: string;
}

/** 'InsertBreakdownDays' return type */
export type IInsertBreakdownDaysResult = void;

/** 'InsertBreakdownDays' query type */
export interface IInsertBreakdownDaysQuery {
  params: IInsertBreakdownDaysParams;
  result: IInsertBreakdownDaysResult;
}

/** 'DeleteGoneVisitorDays' parameters type */
export interface IDeleteGoneVisitorDaysParams {
  day: DateOrString;
  propertyId: string;
}

/** 'DeleteGoneVisitorDays' return type */
export interface IDeleteGoneVisitorDaysResult {
  visitorKey: string;
}

/** 'DeleteGoneVisitorDays' query type */
export interface IDeleteGoneVisitorDaysQuery {
  params: IDeleteGoneVisitorDaysParams;
  result: IDeleteGoneVisitorDaysResult;
}

/** 'InsertVisitorDays' parameters type */
export interface IInsertVisitorDaysParams {
  day: DateOrString;
  propertyId: string;
  providerId: string;
}

/** 'InsertVisitorDays' return type */
export type IInsertVisitorDaysResult = void;

/** 'InsertVisitorDays' query type */
export interface IInsertVisitorDaysQuery {
  params: IInsertVisitorDaysParams;
  result: IInsertVisitorDaysResult;
}

/** 'LinkVisitorDays' parameters type */
export interface ILinkVisitorDaysParams {
  day: DateOrString;
  goneKeys: stringArray;
  propertyId: string;
}

/** 'LinkVisitorDays' return type */
export interface ILinkVisitorDaysResult {
  day: string;
}

/** 'LinkVisitorDays' query type */
export interface ILinkVisitorDaysQuery {
  params: ILinkVisitorDaysParams;
  result: ILinkVisitorDaysResult;
}

/** 'DeleteVisitorCounts' parameters type */
export interface IDeleteVisitorCountsParams {
  days: DateOrStringArray;
  propertyId: string;
}

/** 'DeleteVisitorCounts' return type */
export type IDeleteVisitorCountsResult = void;

/** 'DeleteVisitorCounts' query type */
export interface IDeleteVisitorCountsQuery {
  params: IDeleteVisitorCountsParams;
  result: IDeleteVisitorCountsResult;
}

/** 'InsertVisitorCounts' parameters type */
export interface IInsertVisitorCountsParams {
  days: DateOrStringArray;
  propertyId: string;
  providerId: string;
}

/** 'InsertVisitorCounts' return type */
export type IInsertVisitorCountsResult = void;

/** 'InsertVisitorCounts' query type */
export interface IInsertVisitorCountsQuery {
  params: IInsertVisitorCountsParams;
  result: IInsertVisitorCountsResult;
}

/** 'LockPropertyRollups' parameters type */
export interface ILockPropertyRollupsParams {
  propertyId: string;
}

/** 'LockPropertyRollups' return type */
export interface ILockPropertyRollupsResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'LockPropertyRollups' query type */
export interface ILockPropertyRollupsQuery {
  params: ILockPropertyRollupsParams;
  result: ILockPropertyRollupsResult;
}

/** 'AnalyticsTotals' parameters type */
export interface IAnalyticsTotalsParams {
  from: DateOrString;
  propertyId: string;
  providerId: string;
  to: DateOrString;
}

/** 'AnalyticsTotals' return type */
export interface IAnalyticsTotalsResult {
  averageSeconds: number;
  contacts: number;
  interactions: number;
  leads: number;
  medianSeconds: number;
  returningVisitors: number;
  views: number;
  visitors: number;
}

/** 'AnalyticsTotals' query type */
export interface IAnalyticsTotalsQuery {
  params: IAnalyticsTotalsParams;
  result: IAnalyticsTotalsResult;
}

/** 'AnalyticsDays' parameters type */
export interface IAnalyticsDaysParams {
  from: DateOrString;
  propertyId: string;
  providerId: string;
  to: DateOrString;
}

/** 'AnalyticsDays' return type */
export interface IAnalyticsDaysResult {
  day: string;
  views: number;
  visitors: number;
}

/** 'AnalyticsDays' query type */
export interface IAnalyticsDaysQuery {
  params: IAnalyticsDaysParams;
  result: IAnalyticsDaysResult;
}

/** 'AnalyticsBreakdowns' parameters type */
export interface IAnalyticsBreakdownsParams {
  from: DateOrString;
  propertyId: string;
  providerId: string;
  to: DateOrString;
}

/** 'AnalyticsBreakdowns' return type */
export interface IAnalyticsBreakdownsResult {
  dimension: string;
  value: string | null;
  views: number;
}

/** 'AnalyticsBreakdowns' query type */
export interface IAnalyticsBreakdownsQuery {
  params: IAnalyticsBreakdownsParams;
  result: IAnalyticsBreakdownsResult;
}

/** 'AnalyticsPlaces' parameters type */
export interface IAnalyticsPlacesParams {
  from: DateOrString;
  limit: NumberOrString;
  propertyId: string;
  providerId: string;
  to: DateOrString;
}

/** 'AnalyticsPlaces' return type */
export interface IAnalyticsPlacesResult {
  allMs: string;
  floor: number | null;
  ms: string;
  place: string;
  room: string | null;
  sweep: string | null;
  visits: number;
}

/** 'AnalyticsPlaces' query type */
export interface IAnalyticsPlacesQuery {
  params: IAnalyticsPlacesParams;
  result: IAnalyticsPlacesResult;
}

/** 'AnalyticsUpdatedAt' parameters type */
export interface IAnalyticsUpdatedAtParams {
  propertyId: string;
  providerId: string;
}

/** 'AnalyticsUpdatedAt' return type */
export interface IAnalyticsUpdatedAtResult {
  updatedAt: Date | null;
}

/** 'AnalyticsUpdatedAt' query type */
export interface IAnalyticsUpdatedAtQuery {
  params: IAnalyticsUpdatedAtParams;
  result: IAnalyticsUpdatedAtResult;
}

/** 'AnalyticsOverview' parameters type */
export interface IAnalyticsOverviewParams {
  from: DateOrString;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
  to: DateOrString;
}

/** 'AnalyticsOverview' return type */
export interface IAnalyticsOverviewResult {
  averageSeconds: number;
  leads: number;
  propertyId: string;
  title: string;
  total: number;
  views: number;
  visitors: number;
}

/** 'AnalyticsOverview' query type */
export interface IAnalyticsOverviewQuery {
  params: IAnalyticsOverviewParams;
  result: IAnalyticsOverviewResult;
}

/** 'AnalyticsOverviewCount' parameters type */
export interface IAnalyticsOverviewCountParams {
  from: DateOrString;
  providerId: string;
  to: DateOrString;
}

/** 'AnalyticsOverviewCount' return type */
export interface IAnalyticsOverviewCountResult {
  total: number;
}

/** 'AnalyticsOverviewCount' query type */
export interface IAnalyticsOverviewCountQuery {
  params: IAnalyticsOverviewCountParams;
  result: IAnalyticsOverviewCountResult;
}

/** 'ExportEventsFirst' parameters type */
export interface IExportEventsFirstParams {
  limit: NumberOrString;
  propertyId: string;
  providerId: string;
}

/** 'ExportEventsFirst' return type */
export interface IExportEventsFirstResult {
  batchId: string;
  consent: string;
  country: string | null;
  cursorAt: string;
  device: string;
  floor: number | null;
  language: string;
  ms: number | null;
  occurredAt: Date;
  referrerHost: string | null;
  room: string | null;
  seq: number;
  sweep: string | null;
  target: string | null;
  type: string;
  viewId: string;
}

/** 'ExportEventsFirst' query type */
export interface IExportEventsFirstQuery {
  params: IExportEventsFirstParams;
  result: IExportEventsFirstResult;
}

/** 'ExportEventsAfter' parameters type */
export interface IExportEventsAfterParams {
  afterAt: DateOrString;
  afterBatch: string;
  afterSeq: number;
  limit: NumberOrString;
  propertyId: string;
  providerId: string;
}

/** 'ExportEventsAfter' return type */
export interface IExportEventsAfterResult {
  batchId: string;
  consent: string;
  country: string | null;
  cursorAt: string;
  device: string;
  floor: number | null;
  language: string;
  ms: number | null;
  occurredAt: Date;
  referrerHost: string | null;
  room: string | null;
  seq: number;
  sweep: string | null;
  target: string | null;
  type: string;
  viewId: string;
}

/** 'ExportEventsAfter' query type */
export interface IExportEventsAfterQuery {
  params: IExportEventsAfterParams;
  result: IExportEventsAfterResult;
}

/** 'EraseEvents' parameters type */
export interface IEraseEventsParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseEvents' return type */
export type IEraseEventsResult = void;

/** 'EraseEvents' query type */
export interface IEraseEventsQuery {
  params: IEraseEventsParams;
  result: IEraseEventsResult;
}

/** 'EraseViewDays' parameters type */
export interface IEraseViewDaysParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseViewDays' return type */
export type IEraseViewDaysResult = void;

/** 'EraseViewDays' query type */
export interface IEraseViewDaysQuery {
  params: IEraseViewDaysParams;
  result: IEraseViewDaysResult;
}

/** 'EraseDays' parameters type */
export interface IEraseDaysParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseDays' return type */
export type IEraseDaysResult = void;

/** 'EraseDays' query type */
export interface IEraseDaysQuery {
  params: IEraseDaysParams;
  result: IEraseDaysResult;
}

/** 'ErasePlaceDays' parameters type */
export interface IErasePlaceDaysParams {
  propertyId: string;
  providerId: string;
}

/** 'ErasePlaceDays' return type */
export type IErasePlaceDaysResult = void;

/** 'ErasePlaceDays' query type */
export interface IErasePlaceDaysQuery {
  params: IErasePlaceDaysParams;
  result: IErasePlaceDaysResult;
}

/** 'EraseDue' parameters type */
export interface IEraseDueParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseDue' return type */
export type IEraseDueResult = void;

/** 'EraseDue' query type */
export interface IEraseDueQuery {
  params: IEraseDueParams;
  result: IEraseDueResult;
}

/** 'EraseDurationDays' parameters type */
export interface IEraseDurationDaysParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseDurationDays' return type */
export type IEraseDurationDaysResult = void;

/** 'EraseDurationDays' query type */
export interface IEraseDurationDaysQuery {
  params: IEraseDurationDaysParams;
  result: IEraseDurationDaysResult;
}

/** 'EraseBreakdownDays' parameters type */
export interface IEraseBreakdownDaysParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseBreakdownDays' return type */
export type IEraseBreakdownDaysResult = void;

/** 'EraseBreakdownDays' query type */
export interface IEraseBreakdownDaysQuery {
  params: IEraseBreakdownDaysParams;
  result: IEraseBreakdownDaysResult;
}

/** 'EraseVisitorDays' parameters type */
export interface IEraseVisitorDaysParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseVisitorDays' return type */
export type IEraseVisitorDaysResult = void;

/** 'EraseVisitorDays' query type */
export interface IEraseVisitorDaysQuery {
  params: IEraseVisitorDaysParams;
  result: IEraseVisitorDaysResult;
}

/** 'EraseVisitorCounts' parameters type */
export interface IEraseVisitorCountsParams {
  propertyId: string;
  providerId: string;
}

/** 'EraseVisitorCounts' return type */
export type IEraseVisitorCountsResult = void;

/** 'EraseVisitorCounts' query type */
export interface IEraseVisitorCountsQuery {
  params: IEraseVisitorCountsParams;
  result: IEraseVisitorCountsResult;
}
