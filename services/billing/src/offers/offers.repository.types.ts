/** Types generated for queries found in "services/billing/src/offers/offers.repository.ts" */
export type DateOrString = Date | string;

/** 'OfferPage' parameters type */
export type IOfferPageParams = void;

/** 'OfferPage' return type */
export interface IOfferPageResult {
  archivedAt: Date | null;
  category: string;
  createdAt: Date;
  credits: number;
  description: string | null;
  endsAt: Date | null;
  id: string;
  name: string;
  redeemAction: string;
  redemptionsCount: number;
  startsAt: Date | null;
  total: number;
  updatedAt: Date;
}

/** 'OfferPage' query type */
export interface IOfferPageQuery {
  params: IOfferPageParams;
  result: IOfferPageResult;
}

/** 'OfferCount' parameters type */
export type IOfferCountParams = void;

/** 'OfferCount' return type */
export interface IOfferCountResult {
  total: number;
}

/** 'OfferCount' query type */
export interface IOfferCountQuery {
  params: IOfferCountParams;
  result: IOfferCountResult;
}

/** 'FindOffer' parameters type */
export interface IFindOfferParams {
  id: string;
}

/** 'FindOffer' return type */
export interface IFindOfferResult {
  archivedAt: Date | null;
  category: string;
  createdAt: Date;
  credits: number;
  description: string | null;
  endsAt: Date | null;
  id: string;
  name: string;
  redeemAction: string;
  redemptionsCount: number;
  startsAt: Date | null;
  updatedAt: Date;
}

/** 'FindOffer' query type */
export interface IFindOfferQuery {
  params: IFindOfferParams;
  result: IFindOfferResult;
}

/** 'LockOffer' parameters type */
export interface ILockOfferParams {
  id: string;
}

/** 'LockOffer' return type */
export interface ILockOfferResult {
  archivedAt: Date | null;
  category: string;
  createdAt: Date;
  credits: number;
  description: string | null;
  endsAt: Date | null;
  id: string;
  name: string;
  redeemAction: string;
  redemptionsCount: number;
  startsAt: Date | null;
  updatedAt: Date;
}

/** 'LockOffer' query type */
export interface ILockOfferQuery {
  params: ILockOfferParams;
  result: ILockOfferResult;
}

/** 'InsertOffer' parameters type */
export interface IInsertOfferParams {
  category: string;
  createdBy: string;
  credits: number;
  description?: string | null | void;
  endsAt?: DateOrString | null | void;
  id: string;
  name: string;
  redeemAction: string;
  startsAt?: DateOrString | null | void;
}

/** 'InsertOffer' return type */
export type IInsertOfferResult = void;

/** 'InsertOffer' query type */
export interface IInsertOfferQuery {
  params: IInsertOfferParams;
  result: IInsertOfferResult;
}

/** 'UpdateOffer' parameters type */
export interface IUpdateOfferParams {
  category: string;
  credits: number;
  description?: string | null | void;
  endsAt?: DateOrString | null | void;
  id: string;
  name: string;
  redeemAction: string;
  startsAt?: DateOrString | null | void;
}

/** 'UpdateOffer' return type */
export type IUpdateOfferResult = void;

/** 'UpdateOffer' query type */
export interface IUpdateOfferQuery {
  params: IUpdateOfferParams;
  result: IUpdateOfferResult;
}

/** 'ArchiveOffer' parameters type */
export interface IArchiveOfferParams {
  id: string;
}

/** 'ArchiveOffer' return type */
export type IArchiveOfferResult = void;

/** 'ArchiveOffer' query type */
export interface IArchiveOfferQuery {
  params: IArchiveOfferParams;
  result: IArchiveOfferResult;
}

/** 'RedeemableOffers' parameters type */
export interface IRedeemableOffersParams {
  action?: string | null | void;
  at: DateOrString;
  providerId: string;
}

/** 'RedeemableOffers' return type */
export interface IRedeemableOffersResult {
  credits: number;
  description: string | null;
  endsAt: Date | null;
  id: string;
  name: string;
  redeemAction: string;
}

/** 'RedeemableOffers' query type */
export interface IRedeemableOffersQuery {
  params: IRedeemableOffersParams;
  result: IRedeemableOffersResult;
}

/** 'RedeemOffers' parameters type */
export interface IRedeemOffersParams {
  action: string;
  at: DateOrString;
  providerId: string;
  reference: string;
}

/** 'RedeemOffers' return type */
export interface IRedeemOffersResult {
  category: string;
  credits: number;
  id: string;
  name: string;
}

/** 'RedeemOffers' query type */
export interface IRedeemOffersQuery {
  params: IRedeemOffersParams;
  result: IRedeemOffersResult;
}
