/** Types generated for queries found in "services/properties/src/analytics/analytics-room-pins.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'ListRoomPins' parameters type */
export interface IListRoomPinsParams {
  propertyId: string;
  providerId: string;
}

/** 'ListRoomPins' return type */
export interface IListRoomPinsResult {
  floor: number | null;
  floorplanId: string;
  room: string;
  x: number;
  y: number;
}

/** 'ListRoomPins' query type */
export interface IListRoomPinsQuery {
  params: IListRoomPinsParams;
  result: IListRoomPinsResult;
}

/** 'DeleteRoomPinsNotIn' parameters type */
export interface IDeleteRoomPinsNotInParams {
  pins: Json;
  propertyId: string;
  providerId: string;
}

/** 'DeleteRoomPinsNotIn' return type */
export type IDeleteRoomPinsNotInResult = void;

/** 'DeleteRoomPinsNotIn' query type */
export interface IDeleteRoomPinsNotInQuery {
  params: IDeleteRoomPinsNotInParams;
  result: IDeleteRoomPinsNotInResult;
}

/** 'UpsertRoomPins' parameters type */
export interface IUpsertRoomPinsParams {
  pins: Json;
  propertyId: string;
  providerId: string;
}

/** 'UpsertRoomPins' return type */
export type IUpsertRoomPinsResult = void;

/** 'UpsertRoomPins' query type */
export interface IUpsertRoomPinsQuery {
  params: IUpsertRoomPinsParams;
  result: IUpsertRoomPinsResult;
}
