/** Types generated for queries found in "services/identity/src/sign-up/surveys.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'CreateSurveyResponse' parameters type */
export interface ICreateSurveyResponseParams {
  id: string;
  json: Json;
  providerId?: string | null | void;
  userId?: string | null | void;
}

/** 'CreateSurveyResponse' return type */
export type ICreateSurveyResponseResult = void;

/** 'CreateSurveyResponse' query type */
export interface ICreateSurveyResponseQuery {
  params: ICreateSurveyResponseParams;
  result: ICreateSurveyResponseResult;
}
