/** Types generated for queries found in "services/properties/src/portal/portal.repository.ts" */
export type NumberOrString = number | string;

/** 'PortalClient' parameters type */
export interface IPortalClientParams {
  clientId: string;
  providerId: string;
}

/** 'PortalClient' return type */
export interface IPortalClientResult {
  id: string;
  logoUrl: string | null;
  name: string;
}

/** 'PortalClient' query type */
export interface IPortalClientQuery {
  params: IPortalClientParams;
  result: IPortalClientResult;
}

/** 'PortalProperties' parameters type */
export interface IPortalPropertiesParams {
  clientId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'PortalProperties' return type */
export interface IPortalPropertiesResult {
  address: string;
  clientSlug: string | null;
  createdAt: Date;
  id: string;
  modelSlug: string | null;
  slug: string;
  title: string;
  total: number;
  tourPublished: boolean;
  websitePublished: boolean;
}

/** 'PortalProperties' query type */
export interface IPortalPropertiesQuery {
  params: IPortalPropertiesParams;
  result: IPortalPropertiesResult;
}

/** 'CountPortalProperties' parameters type */
export interface ICountPortalPropertiesParams {
  clientId: string;
  providerId: string;
}

/** 'CountPortalProperties' return type */
export interface ICountPortalPropertiesResult {
  total: number;
}

/** 'CountPortalProperties' query type */
export interface ICountPortalPropertiesQuery {
  params: ICountPortalPropertiesParams;
  result: ICountPortalPropertiesResult;
}

/** 'PortalProperty' parameters type */
export interface IPortalPropertyParams {
  clientId: string;
  id: string;
  providerId: string;
}

/** 'PortalProperty' return type */
export interface IPortalPropertyResult {
  address: string;
  clientSlug: string | null;
  createdAt: Date;
  id: string;
  modelSlug: string | null;
  slug: string;
  title: string;
  tourPublished: boolean;
  websitePublished: boolean;
}

/** 'PortalProperty' query type */
export interface IPortalPropertyQuery {
  params: IPortalPropertyParams;
  result: IPortalPropertyResult;
}
