/** Types generated for queries found in "services/orders/src/orders/placing-keys.repository.ts" */

/** 'FindPlacingKey' parameters type */
export interface IFindPlacingKeyParams {
  hours: number;
  key: string;
  providerId: string;
}

/** 'FindPlacingKey' return type */
export interface IFindPlacingKeyResult {
  orderId: string;
  requestHash: string;
}

/** 'FindPlacingKey' query type */
export interface IFindPlacingKeyQuery {
  params: IFindPlacingKeyParams;
  result: IFindPlacingKeyResult;
}

/** 'ClaimPlacingKey' parameters type */
export interface IClaimPlacingKeyParams {
  hours: number;
  key: string;
  orderId: string;
  providerId: string;
  requestHash: string;
}

/** 'ClaimPlacingKey' return type */
export interface IClaimPlacingKeyResult {
  orderId: string;
}

/** 'ClaimPlacingKey' query type */
export interface IClaimPlacingKeyQuery {
  params: IClaimPlacingKeyParams;
  result: IClaimPlacingKeyResult;
}
