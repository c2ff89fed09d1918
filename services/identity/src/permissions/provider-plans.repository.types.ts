/** Types generated for queries found in "services/identity/src/permissions/provider-plans.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'PlanOfProvider' parameters type */
export interface IPlanOfProviderParams {
  providerId: string;
}

/** 'PlanOfProvider' return type */
export interface IPlanOfProviderResult {
  premiumTourLimit: number | null;
  productCode: string;
  status: string;
}

/** 'PlanOfProvider' query type */
export interface IPlanOfProviderQuery {
  params: IPlanOfProviderParams;
  result: IPlanOfProviderResult;
}

/** 'ApplyPlanChange' parameters type */
export interface IApplyPlanChangeParams {
  changedAt: DateOrString;
  premiumTourLimit?: number | null | void;
  productCode: string;
  providerId: string;
  status: string;
  version?: NumberOrString | null | void;
}

/** 'ApplyPlanChange' return type */
export type IApplyPlanChangeResult = void;

/** 'ApplyPlanChange' query type */
export interface IApplyPlanChangeQuery {
  params: IApplyPlanChangeParams;
  result: IApplyPlanChangeResult;
}
