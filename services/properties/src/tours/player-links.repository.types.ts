/** Types generated for queries found in "services/properties/src/tours/player-links.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'EnsureNamespace' parameters type */
export interface IEnsureNamespaceParams {
  providerId: string;
  slug: string;
}

/** 'EnsureNamespace' return type */
export type IEnsureNamespaceResult = void;

/** 'EnsureNamespace' query type */
export interface IEnsureNamespaceQuery {
  params: IEnsureNamespaceParams;
  result: IEnsureNamespaceResult;
}

/** 'FindNamespace' parameters type */
export interface IFindNamespaceParams {
  providerId: string;
}

/** 'FindNamespace' return type */
export interface IFindNamespaceResult {
  slug: string;
}

/** 'FindNamespace' query type */
export interface IFindNamespaceQuery {
  params: IFindNamespaceParams;
  result: IFindNamespaceResult;
}

/** 'EnsurePlayerLink' parameters type */
export interface IEnsurePlayerLinkParams {
  clientSlug: string;
  id: string;
  modelSlug: string;
  propertyId: string;
  providerId: string;
}

/** 'EnsurePlayerLink' return type */
export type IEnsurePlayerLinkResult = void;

/** 'EnsurePlayerLink' query type */
export interface IEnsurePlayerLinkQuery {
  params: IEnsurePlayerLinkParams;
  result: IEnsurePlayerLinkResult;
}

/** 'PlayerLinkExists' parameters type */
export interface IPlayerLinkExistsParams {
  propertyId: string;
}

/** 'PlayerLinkExists' return type */
export interface IPlayerLinkExistsResult {
  found: number;
}

/** 'PlayerLinkExists' query type */
export interface IPlayerLinkExistsQuery {
  params: IPlayerLinkExistsParams;
  result: IPlayerLinkExistsResult;
}

/** 'EnsureTourParameters' parameters type */
export interface IEnsureTourParametersParams {
  id: string;
  propertyId: string;
  providerId: string;
}

/** 'EnsureTourParameters' return type */
export type IEnsureTourParametersResult = void;

/** 'EnsureTourParameters' query type */
export interface IEnsureTourParametersQuery {
  params: IEnsureTourParametersParams;
  result: IEnsureTourParametersResult;
}

/** 'EnsureVirtualTour' parameters type */
export interface IEnsureVirtualTourParams {
  id: string;
  propertyId: string;
  providerId: string;
}

/** 'EnsureVirtualTour' return type */
export type IEnsureVirtualTourResult = void;

/** 'EnsureVirtualTour' query type */
export interface IEnsureVirtualTourQuery {
  params: IEnsureVirtualTourParams;
  result: IEnsureVirtualTourResult;
}

/** 'FindPlayerLink' parameters type */
export interface IFindPlayerLinkParams {
  propertyId: string;
  providerId: string;
}

/** 'FindPlayerLink' return type */
export interface IFindPlayerLinkResult {
  branding: Json;
  clientSlug: string;
  hasPassword: boolean;
  id: string;
  leadGateSweeps: number | null;
  media: Json;
  modelSlug: string;
  modelSource: string | null;
  propertyId: string;
  providerId: string;
  setup: Json;
  updatedAt: Date;
  username: string | null;
}

/** 'FindPlayerLink' query type */
export interface IFindPlayerLinkQuery {
  params: IFindPlayerLinkParams;
  result: IFindPlayerLinkResult;
}

/** 'LinkProperty' parameters type */
export interface ILinkPropertyParams {
  id: string;
  providerId: string;
}

/** 'LinkProperty' return type */
export interface ILinkPropertyResult {
  propertyId: string;
}

/** 'LinkProperty' query type */
export interface ILinkPropertyQuery {
  params: ILinkPropertyParams;
  result: ILinkPropertyResult;
}

/** 'ParametersProperty' parameters type */
export interface IParametersPropertyParams {
  id: string;
  providerId: string;
}

/** 'ParametersProperty' return type */
export interface IParametersPropertyResult {
  propertyId: string;
}

/** 'ParametersProperty' query type */
export interface IParametersPropertyQuery {
  params: IParametersPropertyParams;
  result: IParametersPropertyResult;
}

/** 'FindTourProperty' parameters type */
export interface IFindTourPropertyParams {
  propertyId: string;
  providerId: string;
}

/** 'FindTourProperty' return type */
export interface IFindTourPropertyResult {
  address: string;
  formattedAddress: string | null;
  id: string;
  latitude: number | null;
  longitude: number | null;
  matterportKey: string;
  slug: string;
  startPosition: string | null;
  title: string;
  tourPublished: boolean;
}

/** 'FindTourProperty' query type */
export interface IFindTourPropertyQuery {
  params: IFindTourPropertyParams;
  result: IFindTourPropertyResult;
}

/** 'PropertyIdBySlug' parameters type */
export interface IPropertyIdBySlugParams {
  providerId: string;
  slug: string;
}

/** 'PropertyIdBySlug' return type */
export interface IPropertyIdBySlugResult {
  id: string;
}

/** 'PropertyIdBySlug' query type */
export interface IPropertyIdBySlugQuery {
  params: IPropertyIdBySlugParams;
  result: IPropertyIdBySlugResult;
}

/** 'AdminTourPage' parameters type */
export interface IAdminTourPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
  search?: string | null | void;
}

/** 'AdminTourPage' return type */
export interface IAdminTourPageResult {
  clientSlug: string;
  createdAt: Date;
  hasPassword: boolean;
  id: string;
  layersPublishedAt: Date | null;
  matterportKey: string;
  modelSlug: string;
  modelSource: string | null;
  premium: boolean;
  propertyId: string;
  propertySlug: string;
  propertyTitle: string;
  startPosition: string | null;
  total: number;
  tourPublished: boolean;
  updatedAt: Date;
}

/** 'AdminTourPage' query type */
export interface IAdminTourPageQuery {
  params: IAdminTourPageParams;
  result: IAdminTourPageResult;
}

/** 'AdminTourCount' parameters type */
export interface IAdminTourCountParams {
  providerId: string;
  search?: string | null | void;
}

/** 'AdminTourCount' return type */
export interface IAdminTourCountResult {
  total: number;
}

/** 'AdminTourCount' query type */
export interface IAdminTourCountQuery {
  params: IAdminTourCountParams;
  result: IAdminTourCountResult;
}

/** 'NamespacePage' parameters type */
export interface INamespacePageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'NamespacePage' return type */
export interface INamespacePageResult {
  createdAt: Date;
  id: string;
  providerId: string;
  slug: string;
  total: number;
  tourCount: number;
}

/** 'NamespacePage' query type */
export interface INamespacePageQuery {
  params: INamespacePageParams;
  result: INamespacePageResult;
}

/** 'NamespaceCount' parameters type */
export interface INamespaceCountParams {
  providerId: string;
}

/** 'NamespaceCount' return type */
export interface INamespaceCountResult {
  total: number;
}

/** 'NamespaceCount' query type */
export interface INamespaceCountQuery {
  params: INamespaceCountParams;
  result: INamespaceCountResult;
}

/** 'MergeBranding' parameters type */
export interface IMergeBrandingParams {
  given: Json;
  propertyId: string;
}

/** 'MergeBranding' return type */
export type IMergeBrandingResult = void;

/** 'MergeBranding' query type */
export interface IMergeBrandingQuery {
  params: IMergeBrandingParams;
  result: IMergeBrandingResult;
}

/** 'MergeMedia' parameters type */
export interface IMergeMediaParams {
  given: Json;
  propertyId: string;
}

/** 'MergeMedia' return type */
export type IMergeMediaResult = void;

/** 'MergeMedia' query type */
export interface IMergeMediaQuery {
  params: IMergeMediaParams;
  result: IMergeMediaResult;
}

/** 'MergeSetup' parameters type */
export interface IMergeSetupParams {
  given: Json;
  propertyId: string;
}

/** 'MergeSetup' return type */
export type IMergeSetupResult = void;

/** 'MergeSetup' query type */
export interface IMergeSetupQuery {
  params: IMergeSetupParams;
  result: IMergeSetupResult;
}

/** 'ReplaceMedia' parameters type */
export interface IReplaceMediaParams {
  media: Json;
  propertyId: string;
}

/** 'ReplaceMedia' return type */
export type IReplaceMediaResult = void;

/** 'ReplaceMedia' query type */
export interface IReplaceMediaQuery {
  params: IReplaceMediaParams;
  result: IReplaceMediaResult;
}

/** 'SetModelSource' parameters type */
export interface ISetModelSourceParams {
  modelSource?: string | null | void;
  propertyId: string;
}

/** 'SetModelSource' return type */
export type ISetModelSourceResult = void;

/** 'SetModelSource' query type */
export interface ISetModelSourceQuery {
  params: ISetModelSourceParams;
  result: ISetModelSourceResult;
}

/** 'SetPassword' parameters type */
export interface ISetPasswordParams {
  passwordHash?: string | null | void;
  propertyId: string;
  username?: string | null | void;
}

/** 'SetPassword' return type */
export type ISetPasswordResult = void;

/** 'SetPassword' query type */
export interface ISetPasswordQuery {
  params: ISetPasswordParams;
  result: ISetPasswordResult;
}

/** 'SetLeadGate' parameters type */
export interface ISetLeadGateParams {
  propertyId: string;
  sweeps?: number | null | void;
}

/** 'SetLeadGate' return type */
export type ISetLeadGateResult = void;

/** 'SetLeadGate' query type */
export interface ISetLeadGateQuery {
  params: ISetLeadGateParams;
  result: ISetLeadGateResult;
}

/** 'FindTourParameters' parameters type */
export interface IFindTourParametersParams {
  propertyId: string;
}

/** 'FindTourParameters' return type */
export interface IFindTourParametersResult {
  id: string;
  parameters: Json;
  propertyId: string;
}

/** 'FindTourParameters' query type */
export interface IFindTourParametersQuery {
  params: IFindTourParametersParams;
  result: IFindTourParametersResult;
}

/** 'LockTourParameters' parameters type */
export interface ILockTourParametersParams {
  propertyId: string;
}

/** 'LockTourParameters' return type */
export interface ILockTourParametersResult {
  parameters: Json;
}

/** 'LockTourParameters' query type */
export interface ILockTourParametersQuery {
  params: ILockTourParametersParams;
  result: ILockTourParametersResult;
}

/** 'SetParameters' parameters type */
export interface ISetParametersParams {
  parameters: Json;
  propertyId: string;
}

/** 'SetParameters' return type */
export type ISetParametersResult = void;

/** 'SetParameters' query type */
export interface ISetParametersQuery {
  params: ISetParametersParams;
  result: ISetParametersResult;
}
