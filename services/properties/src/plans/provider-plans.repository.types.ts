/** Types generated for queries found in "services/properties/src/plans/provider-plans.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'FindProviderPlan' parameters type */
export interface IFindProviderPlanParams {
  providerId: string;
}

/** 'FindProviderPlan' return type */
export interface IFindProviderPlanResult {
  premiumTourLimit: number | null;
  productCode: string;
  status: string;
}

/** 'FindProviderPlan' query type */
export interface IFindProviderPlanQuery {
  params: IFindProviderPlanParams;
  result: IFindProviderPlanResult;
}

/** 'RecordProviderPlan' parameters type */
export interface IRecordProviderPlanParams {
  changedAt: DateOrString;
  changedEventId: string;
  planVersion?: NumberOrString | null | void;
  premiumTourLimit?: number | null | void;
  productCode: string;
  providerId: string;
  status: string;
}

/** 'RecordProviderPlan' return type */
export interface IRecordProviderPlanResult {
  provider_id: string;
}

/** 'RecordProviderPlan' query type */
export interface IRecordProviderPlanQuery {
  params: IRecordProviderPlanParams;
  result: IRecordProviderPlanResult;
}
