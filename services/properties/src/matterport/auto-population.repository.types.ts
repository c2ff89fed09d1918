/** Types generated for queries found in "services/properties/src/matterport/auto-population.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'SetAutoPopulation' parameters type */
export interface ISetAutoPopulationParams {
  at: DateOrString;
  enabled: boolean;
  providerId: string;
}

/** 'SetAutoPopulation' return type */
export type ISetAutoPopulationResult = void;

/** 'SetAutoPopulation' query type */
export interface ISetAutoPopulationQuery {
  params: ISetAutoPopulationParams;
  result: ISetAutoPopulationResult;
}

/** 'AutoPopulationDueNow' parameters type */
export interface IAutoPopulationDueNowParams {
  providerId: string;
}

/** 'AutoPopulationDueNow' return type */
export type IAutoPopulationDueNowResult = void;

/** 'AutoPopulationDueNow' query type */
export interface IAutoPopulationDueNowQuery {
  params: IAutoPopulationDueNowParams;
  result: IAutoPopulationDueNowResult;
}

/** 'TakeDueProviders' parameters type */
export interface ITakeDueProvidersParams {
  afterMs: number;
  limit: NumberOrString;
}

/** 'TakeDueProviders' return type */
export interface ITakeDueProvidersResult {
  providerId: string;
}

/** 'TakeDueProviders' query type */
export interface ITakeDueProvidersQuery {
  params: ITakeDueProvidersParams;
  result: ITakeDueProvidersResult;
}

/** 'DealtWithModels' parameters type */
export interface IDealtWithModelsParams {
  modelIds: stringArray;
  providerId: string;
}

/** 'DealtWithModels' return type */
export interface IDealtWithModelsResult {
  modelId: string;
}

/** 'DealtWithModels' query type */
export interface IDealtWithModelsQuery {
  params: IDealtWithModelsParams;
  result: IDealtWithModelsResult;
}

/** 'ModelsWithProperty' parameters type */
export interface IModelsWithPropertyParams {
  modelIds: stringArray;
  providerId: string;
}

/** 'ModelsWithProperty' return type */
export interface IModelsWithPropertyResult {
  modelId: string;
}

/** 'ModelsWithProperty' query type */
export interface IModelsWithPropertyQuery {
  params: IModelsWithPropertyParams;
  result: IModelsWithPropertyResult;
}

/** 'RecordPopulationCreated' parameters type */
export interface IRecordPopulationCreatedParams {
  modelId: string;
  propertyId: string;
  providerId: string;
}

/** 'RecordPopulationCreated' return type */
export type IRecordPopulationCreatedResult = void;

/** 'RecordPopulationCreated' query type */
export interface IRecordPopulationCreatedQuery {
  params: IRecordPopulationCreatedParams;
  result: IRecordPopulationCreatedResult;
}

/** 'RecordPopulatedModel' parameters type */
export interface IRecordPopulatedModelParams {
  detail?: string | null | void;
  modelId: string;
  outcome: string;
  providerId: string;
}

/** 'RecordPopulatedModel' return type */
export type IRecordPopulatedModelResult = void;

/** 'RecordPopulatedModel' query type */
export interface IRecordPopulatedModelQuery {
  params: IRecordPopulatedModelParams;
  result: IRecordPopulatedModelResult;
}
