/** Types generated for queries found in "services/billing/src/credits/credit-reservations.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'HoldCredits' parameters type */
export interface IHoldCreditsParams {
  actor: string;
  amount: number;
  channel: string;
  envelope: Json;
  eventId: string;
  eventSubject: string;
  providerId: string;
  reference: string;
  ttlSeconds: number;
}

/** 'HoldCredits' return type */
export interface IHoldCreditsResult {
  amount: number;
  available: number;
  expiresAt: Date;
  providerId: string;
  reference: string;
  reserved: number;
  status: string;
  version: number;
}

/** 'HoldCredits' query type */
export interface IHoldCreditsQuery {
  params: IHoldCreditsParams;
  result: IHoldCreditsResult;
}

/** 'CaptureCredits' parameters type */
export interface ICaptureCreditsParams {
  channel: string;
  envelope: Json;
  eventId: string;
  eventSubject: string;
  providerId: string;
  reference: string;
}

/** 'CaptureCredits' return type */
export interface ICaptureCreditsResult {
  amount: number;
  available: number;
  expiresAt: Date;
  providerId: string;
  reference: string;
  reserved: number;
  status: string;
  version: number;
}

/** 'CaptureCredits' query type */
export interface ICaptureCreditsQuery {
  params: ICaptureCreditsParams;
  result: ICaptureCreditsResult;
}

/** 'ReleaseCredits' parameters type */
export interface IReleaseCreditsParams {
  actor: string;
  channel: string;
  envelope: Json;
  eventId: string;
  eventSubject: string;
  providerId: string;
  reference: string;
}

/** 'ReleaseCredits' return type */
export interface IReleaseCreditsResult {
  amount: number;
  available: number;
  expiresAt: Date;
  providerId: string;
  reference: string;
  reserved: number;
  status: string;
  version: number;
}

/** 'ReleaseCredits' query type */
export interface IReleaseCreditsQuery {
  params: IReleaseCreditsParams;
  result: IReleaseCreditsResult;
}

/** 'CurrentReservation' parameters type */
export interface ICurrentReservationParams {
  providerId: string;
  reference: string;
}

/** 'CurrentReservation' return type */
export interface ICurrentReservationResult {
  amount: number;
  available: number;
  expiresAt: Date;
  providerId: string;
  reference: string;
  status: string;
}

/** 'CurrentReservation' query type */
export interface ICurrentReservationQuery {
  params: ICurrentReservationParams;
  result: ICurrentReservationResult;
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
