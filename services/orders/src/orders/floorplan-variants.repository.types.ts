/** Types generated for queries found in "services/orders/src/orders/floorplan-variants.repository.ts" */

/** 'InsertVariant' parameters type */
export interface IInsertVariantParams {
  fileId: string;
  id: string;
  name: string;
  orderId: string;
  providerId: string;
}

/** 'InsertVariant' return type */
export type IInsertVariantResult = void;

/** 'InsertVariant' query type */
export interface IInsertVariantQuery {
  params: IInsertVariantParams;
  result: IInsertVariantResult;
}

/** 'FindVariant' parameters type */
export interface IFindVariantParams {
  id: string;
  providerId: string;
}

/** 'FindVariant' return type */
export interface IFindVariantResult {
  amendsOrderId: string | null;
  contentType: string;
  createdAt: Date;
  fileId: string;
  filename: string;
  id: string;
  kind: string;
  name: string;
  orderId: string;
  orderNumber: number;
  propertyId: string;
  propertyTitle: string;
  providerClientId: string | null;
  providerId: string;
  storageKey: string;
}

/** 'FindVariant' query type */
export interface IFindVariantQuery {
  params: IFindVariantParams;
  result: IFindVariantResult;
}

/** 'AssignVariantToClient' parameters type */
export interface IAssignVariantToClientParams {
  id: string;
  providerClientId?: string | null | void;
  providerId: string;
}

/** 'AssignVariantToClient' return type */
export type IAssignVariantToClientResult = void;

/** 'AssignVariantToClient' query type */
export interface IAssignVariantToClientQuery {
  params: IAssignVariantToClientParams;
  result: IAssignVariantToClientResult;
}

/** 'VariantPage' parameters type */
export type IVariantPageParams = void;

/** 'VariantPage' return type */
export interface IVariantPageResult {
  amendsOrderId: string | null;
  contentType: string;
  createdAt: Date;
  fileId: string;
  filename: string;
  id: string;
  kind: string;
  name: string;
  orderId: string;
  orderNumber: number;
  propertyId: string;
  propertyTitle: string;
  providerClientId: string | null;
  providerId: string;
  storageKey: string;
  total: number;
}

/** 'VariantPage' query type */
export interface IVariantPageQuery {
  params: IVariantPageParams;
  result: IVariantPageResult;
}

/** 'VariantCount' parameters type */
export type IVariantCountParams = void;

/** 'VariantCount' return type */
export interface IVariantCountResult {
  count: number;
}

/** 'VariantCount' query type */
export interface IVariantCountQuery {
  params: IVariantCountParams;
  result: IVariantCountResult;
}
