/** Types generated for queries found in "services/billing/src/subscriptions/plan-choices.repository.ts" */

/** 'HasChosenPlan' parameters type */
export interface IHasChosenPlanParams {
  providerId: string;
}

/** 'HasChosenPlan' return type */
export interface IHasChosenPlanResult {
  found: number | null;
}

/** 'HasChosenPlan' query type */
export interface IHasChosenPlanQuery {
  params: IHasChosenPlanParams;
  result: IHasChosenPlanResult;
}

/** 'ChooseFreePlan' parameters type */
export interface IChooseFreePlanParams {
  providerId: string;
}

/** 'ChooseFreePlan' return type */
export type IChooseFreePlanResult = void;

/** 'ChooseFreePlan' query type */
export interface IChooseFreePlanQuery {
  params: IChooseFreePlanParams;
  result: IChooseFreePlanResult;
}
