/** Types generated for queries found in "services/properties/src/properties/properties.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'AdvisoryLock' parameters type */
export interface IAdvisoryLockParams {
  key: string;
}

/** 'AdvisoryLock' return type */
export interface IAdvisoryLockResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'AdvisoryLock' query type */
export interface IAdvisoryLockQuery {
  params: IAdvisoryLockParams;
  result: IAdvisoryLockResult;
}

/** 'PropertyPage' parameters type */
export interface IPropertyPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  premium?: boolean | null | void;
  providerClientId?: string | null | void;
  providerId: string;
  search?: string | null | void;
  tourPublished?: boolean | null | void;
}

/** 'PropertyPage' return type */
export interface IPropertyPageResult {
  address: string;
  country: string | null;
  countryShortName: string | null;
  createdAt: Date;
  formattedAddress: string | null;
  hostingExempt: boolean;
  hostingPausedAt: Date | null;
  id: string;
  immexSubscriptionId: string | null;
  latitude: number | null;
  longitude: number | null;
  matterportKey: string;
  postcode: string | null;
  premium: boolean;
  providerClientId: string | null;
  providerId: string;
  publishedAt: Date | null;
  slug: string;
  startPosition: string | null;
  state: string | null;
  streetAddress: string | null;
  suburb: string | null;
  title: string;
  total: number;
  tourPublished: boolean;
  updatedAt: Date;
  websitePublished: boolean;
}

/** 'PropertyPage' query type */
export interface IPropertyPageQuery {
  params: IPropertyPageParams;
  result: IPropertyPageResult;
}

/** 'CountProperties' parameters type */
export interface ICountPropertiesParams {
  premium?: boolean | null | void;
  providerClientId?: string | null | void;
  providerId: string;
  search?: string | null | void;
  tourPublished?: boolean | null | void;
}

/** 'CountProperties' return type */
export interface ICountPropertiesResult {
  total: number;
}

/** 'CountProperties' query type */
export interface ICountPropertiesQuery {
  params: ICountPropertiesParams;
  result: ICountPropertiesResult;
}

/** 'ModelPage' parameters type */
export interface IModelPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
  search?: string | null | void;
}

/** 'ModelPage' return type */
export interface IModelPageResult {
  id: string;
  name: string;
  propertyCount: number;
  total: number;
}

/** 'ModelPage' query type */
export interface IModelPageQuery {
  params: IModelPageParams;
  result: IModelPageResult;
}

/** 'ModelCount' parameters type */
export interface IModelCountParams {
  providerId?: string | null | void;
  search?: string | null | void;
}

/** 'ModelCount' return type */
export interface IModelCountResult {
  total: number;
}

/** 'ModelCount' query type */
export interface IModelCountQuery {
  params: IModelCountParams;
  result: IModelCountResult;
}

/** 'OwnedPropertyIds' parameters type */
export interface IOwnedPropertyIdsParams {
  ids: stringArray;
  providerId: string;
}

/** 'OwnedPropertyIds' return type */
export interface IOwnedPropertyIdsResult {
  id: string;
}

/** 'OwnedPropertyIds' query type */
export interface IOwnedPropertyIdsQuery {
  params: IOwnedPropertyIdsParams;
  result: IOwnedPropertyIdsResult;
}

/** 'FindProperty' parameters type */
export interface IFindPropertyParams {
  id: string;
  providerId: string;
}

/** 'FindProperty' return type */
export interface IFindPropertyResult {
  address: string;
  country: string | null;
  countryShortName: string | null;
  createdAt: Date;
  formattedAddress: string | null;
  hostingExempt: boolean;
  hostingPausedAt: Date | null;
  id: string;
  immexSubscriptionId: string | null;
  latitude: number | null;
  longitude: number | null;
  matterportKey: string;
  postcode: string | null;
  premium: boolean;
  providerClientId: string | null;
  providerId: string;
  publishedAt: Date | null;
  slug: string;
  startPosition: string | null;
  state: string | null;
  streetAddress: string | null;
  suburb: string | null;
  title: string;
  tourPublished: boolean;
  updatedAt: Date;
  websitePublished: boolean;
}

/** 'FindProperty' query type */
export interface IFindPropertyQuery {
  params: IFindPropertyParams;
  result: IFindPropertyResult;
}

/** 'LockProperty' parameters type */
export interface ILockPropertyParams {
  id: string;
  providerId: string;
}

/** 'LockProperty' return type */
export interface ILockPropertyResult {
  address: string;
  country: string | null;
  countryShortName: string | null;
  createdAt: Date;
  formattedAddress: string | null;
  hostingExempt: boolean;
  hostingPausedAt: Date | null;
  id: string;
  immexSubscriptionId: string | null;
  latitude: number | null;
  longitude: number | null;
  matterportKey: string;
  postcode: string | null;
  premium: boolean;
  providerClientId: string | null;
  providerId: string;
  publishedAt: Date | null;
  slug: string;
  startPosition: string | null;
  state: string | null;
  streetAddress: string | null;
  suburb: string | null;
  title: string;
  tourPublished: boolean;
  updatedAt: Date;
  websitePublished: boolean;
}

/** 'LockProperty' query type */
export interface ILockPropertyQuery {
  params: ILockPropertyParams;
  result: ILockPropertyResult;
}

/** 'FindScopedProperty' parameters type */
export interface IFindScopedPropertyParams {
  id: string;
  providerId: string;
}

/** 'FindScopedProperty' return type */
export interface IFindScopedPropertyResult {
  id: string;
  slug: string;
  title: string;
}

/** 'FindScopedProperty' query type */
export interface IFindScopedPropertyQuery {
  params: IFindScopedPropertyParams;
  result: IFindScopedPropertyResult;
}

/** 'SlugsLike' parameters type */
export interface ISlugsLikeParams {
  base: string;
  pattern: string;
  providerId: string;
}

/** 'SlugsLike' return type */
export interface ISlugsLikeResult {
  slug: string;
}

/** 'SlugsLike' query type */
export interface ISlugsLikeQuery {
  params: ISlugsLikeParams;
  result: ISlugsLikeResult;
}

/** 'InsertProperty' parameters type */
export interface IInsertPropertyParams {
  address: string;
  country?: string | null | void;
  countryShortName?: string | null | void;
  formattedAddress?: string | null | void;
  id: string;
  latitude?: number | null | void;
  longitude?: number | null | void;
  matterportKey: string;
  postcode?: string | null | void;
  providerId: string;
  slug: string;
  startPosition?: string | null | void;
  state?: string | null | void;
  streetAddress?: string | null | void;
  suburb?: string | null | void;
  title: string;
}

/** 'InsertProperty' return type */
export type IInsertPropertyResult = void;

/** 'InsertProperty' query type */
export interface IInsertPropertyQuery {
  params: IInsertPropertyParams;
  result: IInsertPropertyResult;
}

/** 'UpdateProperty' parameters type */
export interface IUpdatePropertyParams {
  address: string;
  country?: string | null | void;
  countryShortName?: string | null | void;
  formattedAddress?: string | null | void;
  id: string;
  latitude?: number | null | void;
  longitude?: number | null | void;
  matterportKey: string;
  postcode?: string | null | void;
  providerClientId?: string | null | void;
  providerId: string;
  startPosition?: string | null | void;
  state?: string | null | void;
  streetAddress?: string | null | void;
  suburb?: string | null | void;
  title: string;
}

/** 'UpdateProperty' return type */
export type IUpdatePropertyResult = void;

/** 'UpdateProperty' query type */
export interface IUpdatePropertyQuery {
  params: IUpdatePropertyParams;
  result: IUpdatePropertyResult;
}

/** 'SoftDeleteProperty' parameters type */
export interface ISoftDeletePropertyParams {
  id: string;
  providerId: string;
  version?: NumberOrString | null | void;
}

/** 'SoftDeleteProperty' return type */
export type ISoftDeletePropertyResult = void;

/** 'SoftDeleteProperty' query type */
export interface ISoftDeletePropertyQuery {
  params: ISoftDeletePropertyParams;
  result: ISoftDeletePropertyResult;
}

/** 'RestoreProperty' parameters type */
export interface IRestorePropertyParams {
  id: string;
}

/** 'RestoreProperty' return type */
export interface IRestorePropertyResult {
  providerId: string;
  title: string;
}

/** 'RestoreProperty' query type */
export interface IRestorePropertyQuery {
  params: IRestorePropertyParams;
  result: IRestorePropertyResult;
}

/** 'SetPublication' parameters type */
export interface ISetPublicationParams {
  id: string;
  immexSubscriptionId?: string | null | void;
  premium: boolean;
  providerId: string;
  tour: boolean;
  version?: NumberOrString | null | void;
  website: boolean;
}

/** 'SetPublication' return type */
export type ISetPublicationResult = void;

/** 'SetPublication' query type */
export interface ISetPublicationQuery {
  params: ISetPublicationParams;
  result: ISetPublicationResult;
}

/** 'PremiumCount' parameters type */
export interface IPremiumCountParams {
  exceptId: string;
  providerId: string;
}

/** 'PremiumCount' return type */
export interface IPremiumCountResult {
  count: number;
}

/** 'PremiumCount' query type */
export interface IPremiumCountQuery {
  params: IPremiumCountParams;
  result: IPremiumCountResult;
}

/** 'PremiumBeyond' parameters type */
export interface IPremiumBeyondParams {
  limit: NumberOrString;
  providerId: string;
}

/** 'PremiumBeyond' return type */
export interface IPremiumBeyondResult {
  id: string;
  premiumSince: Date;
  title: string;
}

/** 'PremiumBeyond' query type */
export interface IPremiumBeyondQuery {
  params: IPremiumBeyondParams;
  result: IPremiumBeyondResult;
}

/** 'LockPremiumBeyond' parameters type */
export interface ILockPremiumBeyondParams {
  limit: NumberOrString;
  providerId: string;
}

/** 'LockPremiumBeyond' return type */
export interface ILockPremiumBeyondResult {
  id: string;
  premiumSince: Date;
  title: string;
}

/** 'LockPremiumBeyond' query type */
export interface ILockPremiumBeyondQuery {
  params: ILockPremiumBeyondParams;
  result: ILockPremiumBeyondResult;
}

/** 'TurnBasic' parameters type */
export interface ITurnBasicParams {
  ids: stringArray;
  providerId: string;
}

/** 'TurnBasic' return type */
export type ITurnBasicResult = void;

/** 'TurnBasic' query type */
export interface ITurnBasicQuery {
  params: ITurnBasicParams;
  result: ITurnBasicResult;
}

/** 'Published' parameters type */
export interface IPublishedParams {
  providerId: string;
}

/** 'Published' return type */
export interface IPublishedResult {
  id: string;
  premium: boolean;
  title: string;
  tour: boolean;
  website: boolean;
}

/** 'Published' query type */
export interface IPublishedQuery {
  params: IPublishedParams;
  result: IPublishedResult;
}

/** 'LockPublished' parameters type */
export interface ILockPublishedParams {
  providerId: string;
}

/** 'LockPublished' return type */
export interface ILockPublishedResult {
  id: string;
  premium: boolean;
  title: string;
  tour: boolean;
  website: boolean;
}

/** 'LockPublished' query type */
export interface ILockPublishedQuery {
  params: ILockPublishedParams;
  result: ILockPublishedResult;
}

/** 'Unpublish' parameters type */
export interface IUnpublishParams {
  ids: stringArray;
  providerId: string;
}

/** 'Unpublish' return type */
export type IUnpublishResult = void;

/** 'Unpublish' query type */
export interface IUnpublishQuery {
  params: IUnpublishParams;
  result: IUnpublishResult;
}

/** 'ExtensionActive' parameters type */
export interface IExtensionActiveParams {
  extensionId: string;
  occurredAt: DateOrString;
  propertyId: string;
  providerId: string;
  version?: NumberOrString | null | void;
}

/** 'ExtensionActive' return type */
export type IExtensionActiveResult = void;

/** 'ExtensionActive' query type */
export interface IExtensionActiveQuery {
  params: IExtensionActiveParams;
  result: IExtensionActiveResult;
}

/** 'ExtensionElsewhere' parameters type */
export interface IExtensionElsewhereParams {
  extensionId: string;
  occurredAt: DateOrString;
  propertyId: string;
  providerId: string;
  version?: NumberOrString | null | void;
}

/** 'ExtensionElsewhere' return type */
export type IExtensionElsewhereResult = void;

/** 'ExtensionElsewhere' query type */
export interface IExtensionElsewhereQuery {
  params: IExtensionElsewhereParams;
  result: IExtensionElsewhereResult;
}

/** 'ExtensionEnded' parameters type */
export interface IExtensionEndedParams {
  extensionId: string;
  occurredAt: DateOrString;
  propertyId: string;
  providerId: string;
  version?: NumberOrString | null | void;
}

/** 'ExtensionEnded' return type */
export interface IExtensionEndedResult {
  id: string;
}

/** 'ExtensionEnded' query type */
export interface IExtensionEndedQuery {
  params: IExtensionEndedParams;
  result: IExtensionEndedResult;
}

/** 'FindPublishedWebsite' parameters type */
export interface IFindPublishedWebsiteParams {
  providerId: string;
  slug: string;
}

/** 'FindPublishedWebsite' return type */
export interface IFindPublishedWebsiteResult {
  address: string;
  formattedAddress: string | null;
  id: string;
  latitude: number | null;
  longitude: number | null;
  slug: string;
  title: string;
}

/** 'FindPublishedWebsite' query type */
export interface IFindPublishedWebsiteQuery {
  params: IFindPublishedWebsiteParams;
  result: IFindPublishedWebsiteResult;
}

/** 'WebsitePublished' parameters type */
export interface IWebsitePublishedParams {
  id: string;
}

/** 'WebsitePublished' return type */
export interface IWebsitePublishedResult {
  published: boolean;
}

/** 'WebsitePublished' query type */
export interface IWebsitePublishedQuery {
  params: IWebsitePublishedParams;
  result: IWebsitePublishedResult;
}
