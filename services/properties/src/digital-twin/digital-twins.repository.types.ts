/** Types generated for queries found in "services/properties/src/digital-twin/digital-twins.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'FindTwin' parameters type */
export interface IFindTwinParams {
  propertyId: string;
}

/** 'FindTwin' return type */
export interface IFindTwinResult {
  alignedAt: Date | null;
  alignment: string;
  alignmentPoints: Json;
  assetId: string;
  config: Json;
  createdAt: Date;
  id: string;
  propertyId: string;
  providerId: string;
  rmsErrorM: number | null;
  transform: Json | null;
  updatedAt: Date;
}

/** 'FindTwin' query type */
export interface IFindTwinQuery {
  params: IFindTwinParams;
  result: IFindTwinResult;
}

/** 'InsertTwin' parameters type */
export interface IInsertTwinParams {
  assetId: string;
  config: Json;
  propertyId: string;
  providerId: string;
}

/** 'InsertTwin' return type */
export interface IInsertTwinResult {
  id: string;
}

/** 'InsertTwin' query type */
export interface IInsertTwinQuery {
  params: IInsertTwinParams;
  result: IInsertTwinResult;
}

/** 'DeleteTwin' parameters type */
export interface IDeleteTwinParams {
  propertyId: string;
}

/** 'DeleteTwin' return type */
export interface IDeleteTwinResult {
  id: string;
}

/** 'DeleteTwin' query type */
export interface IDeleteTwinQuery {
  params: IDeleteTwinParams;
  result: IDeleteTwinResult;
}

/** 'SaveConfig' parameters type */
export interface ISaveConfigParams {
  config: Json;
  propertyId: string;
}

/** 'SaveConfig' return type */
export interface ISaveConfigResult {
  id: string;
}

/** 'SaveConfig' query type */
export interface ISaveConfigQuery {
  params: ISaveConfigParams;
  result: ISaveConfigResult;
}

/** 'SaveAlignment' parameters type */
export interface ISaveAlignmentParams {
  alignment: string;
  points: Json;
  propertyId: string;
  rmsErrorM: number;
  transform: Json;
}

/** 'SaveAlignment' return type */
export interface ISaveAlignmentResult {
  id: string;
}

/** 'SaveAlignment' query type */
export interface ISaveAlignmentQuery {
  params: ISaveAlignmentParams;
  result: ISaveAlignmentResult;
}

/** 'AdminTwinPage' parameters type */
export interface IAdminTwinPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  search?: string | null | void;
}

/** 'AdminTwinPage' return type */
export interface IAdminTwinPageResult {
  alignedAt: Date | null;
  alignment: string;
  assetId: string;
  assetName: string | null;
  createdAt: Date;
  id: string;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  rmsError: number | null;
  total: number;
}

/** 'AdminTwinPage' query type */
export interface IAdminTwinPageQuery {
  params: IAdminTwinPageParams;
  result: IAdminTwinPageResult;
}

/** 'CountAdminTwins' parameters type */
export interface ICountAdminTwinsParams {
  search?: string | null | void;
}

/** 'CountAdminTwins' return type */
export interface ICountAdminTwinsResult {
  total: number;
}

/** 'CountAdminTwins' query type */
export interface ICountAdminTwinsQuery {
  params: ICountAdminTwinsParams;
  result: ICountAdminTwinsResult;
}
