/** Types generated for queries found in "services/properties/src/analytics/report.repository.ts" */
export type DateOrString = Date | string;

export type stringArray = string[];

/** 'ProvidersWithViews' parameters type */
export interface IProvidersWithViewsParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'ProvidersWithViews' return type */
export interface IProvidersWithViewsResult {
  providerId: string;
}

/** 'ProvidersWithViews' query type */
export interface IProvidersWithViewsQuery {
  params: IProvidersWithViewsParams;
  result: IProvidersWithViewsResult;
}

/** 'WeekTours' parameters type */
export interface IWeekToursParams {
  from: DateOrString;
  previousFrom: DateOrString;
  previousTo: DateOrString;
  providerId: string;
  to: DateOrString;
}

/** 'WeekTours' return type */
export interface IWeekToursResult {
  averageSeconds: number;
  clientSlug: string | null;
  leads: number;
  modelSlug: string | null;
  previousViews: number;
  propertyId: string;
  title: string;
  topRoom: string | null;
  views: number;
  visitors: number;
}

/** 'WeekTours' query type */
export interface IWeekToursQuery {
  params: IWeekToursParams;
  result: IWeekToursResult;
}

/** 'ReportAgents' parameters type */
export interface IReportAgentsParams {
  propertyIds: stringArray;
  providerId: string;
}

/** 'ReportAgents' return type */
export interface IReportAgentsResult {
  email: string;
  propertyIds: stringArray;
}

/** 'ReportAgents' query type */
export interface IReportAgentsQuery {
  params: IReportAgentsParams;
  result: IReportAgentsResult;
}

/** 'OptOutsOf' parameters type */
export interface IOptOutsOfParams {
  providerId: string;
}

/** 'OptOutsOf' return type */
export interface IOptOutsOfResult {
  email: string;
}

/** 'OptOutsOf' query type */
export interface IOptOutsOfQuery {
  params: IOptOutsOfParams;
  result: IOptOutsOfResult;
}

/** 'OptedOut' parameters type */
export interface IOptedOutParams {
  email: string;
  providerId: string;
}

/** 'OptedOut' return type */
export interface IOptedOutResult {
  optedOut: boolean;
}

/** 'OptedOut' query type */
export interface IOptedOutQuery {
  params: IOptedOutParams;
  result: IOptedOutResult;
}

/** 'OptOut' parameters type */
export interface IOptOutParams {
  email: string;
  providerId: string;
}

/** 'OptOut' return type */
export type IOptOutResult = void;

/** 'OptOut' query type */
export interface IOptOutQuery {
  params: IOptOutParams;
  result: IOptOutResult;
}

/** 'OptIn' parameters type */
export interface IOptInParams {
  email: string;
  providerId: string;
}

/** 'OptIn' return type */
export type IOptInResult = void;

/** 'OptIn' query type */
export interface IOptInQuery {
  params: IOptInParams;
  result: IOptInResult;
}

/** 'ClaimReport' parameters type */
export interface IClaimReportParams {
  email: string;
  providerId: string;
  weekStart: DateOrString;
}

/** 'ClaimReport' return type */
export interface IClaimReportResult {
  email: string;
}

/** 'ClaimReport' query type */
export interface IClaimReportQuery {
  params: IClaimReportParams;
  result: IClaimReportResult;
}
