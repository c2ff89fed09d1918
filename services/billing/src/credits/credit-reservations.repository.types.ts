/** Types generated for queries found in "services/billing/src/credits/credit-reservations.repository.ts" */
export type NumberOrString = number | string;

/** 'FindReservation' parameters type */
export interface IFindReservationParams {
  providerId: string;
  reference: string;
}

/** 'FindReservation' return type */
export interface IFindReservationResult {
  amount: number;
  expiresAt: Date;
  providerId: string;
  reference: string;
  status: string;
}

/** 'FindReservation' query type */
export interface IFindReservationQuery {
  params: IFindReservationParams;
  result: IFindReservationResult;
}

/** 'HoldReservation' parameters type */
export interface IHoldReservationParams {
  amount: number;
  providerId: string;
  reference: string;
  ttlSeconds: number;
}

/** 'HoldReservation' return type */
export interface IHoldReservationResult {
  amount: number;
  expiresAt: Date;
  providerId: string;
  reference: string;
  status: string;
}

/** 'HoldReservation' query type */
export interface IHoldReservationQuery {
  params: IHoldReservationParams;
  result: IHoldReservationResult;
}

/** 'SettleReservation' parameters type */
export interface ISettleReservationParams {
  providerId: string;
  reference: string;
  status: string;
}

/** 'SettleReservation' return type */
export interface ISettleReservationResult {
  amount: number;
  expiresAt: Date;
  providerId: string;
  reference: string;
  status: string;
}

/** 'SettleReservation' query type */
export interface ISettleReservationQuery {
  params: ISettleReservationParams;
  result: ISettleReservationResult;
}

/** 'ExpiredReservations' parameters type */
export interface IExpiredReservationsParams {
  limit: NumberOrString;
}

/** 'ExpiredReservations' return type */
export interface IExpiredReservationsResult {
  providerId: string;
  reference: string;
}

/** 'ExpiredReservations' query type */
export interface IExpiredReservationsQuery {
  params: IExpiredReservationsParams;
  result: IExpiredReservationsResult;
}
