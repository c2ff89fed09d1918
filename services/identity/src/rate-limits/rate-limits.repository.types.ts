/** Types generated for queries found in "services/identity/src/rate-limits/rate-limits.repository.ts" */

/** 'HitRateLimit' parameters type */
export interface IHitRateLimitParams {
  bucket: string;
  key: string;
  windowSeconds: number;
}

/** 'HitRateLimit' return type */
export interface IHitRateLimitResult {
  hits: number;
  retryAfter: number;
}

/** 'HitRateLimit' query type */
export interface IHitRateLimitQuery {
  params: IHitRateLimitParams;
  result: IHitRateLimitResult;
}

/** 'DeleteEndedWindows' parameters type */
export type IDeleteEndedWindowsParams = void;

/** 'DeleteEndedWindows' return type */
export type IDeleteEndedWindowsResult = void;

/** 'DeleteEndedWindows' query type */
export interface IDeleteEndedWindowsQuery {
  params: IDeleteEndedWindowsParams;
  result: IDeleteEndedWindowsResult;
}
