/** The codes of the engine's refusals of a request it could not segment (always `invalid_request_error`). */
export type SegmentationRefusalCode =
  | 'invalid_json'
  | 'parameter_missing'
  | 'parameter_invalid'
  | 'parameter_unknown'
  | 'image_unreachable'
  | 'image_unreadable'
  | 'not_equirectangular'
  | 'image_too_large';

export type SegmentationErrorType =
  'invalid_request_error' | 'authentication_error' | 'rate_limit_error' | 'api_error';

/** Every error the engine answers, whatever its status. */
export interface SegmentationErrorBody {
  error: { type: SegmentationErrorType; code?: SegmentationRefusalCode; message: string };
}

/** A request the engine refuses: thrown anywhere on the way, answered by the routes' error handler. */
export class SegmentationRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    readonly code: SegmentationRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'SegmentationRefusal';
  }

  body(): SegmentationErrorBody {
    return { error: { type: 'invalid_request_error', code: this.code, message: this.message } };
  }
}

export function errorBody(type: SegmentationErrorType, message: string): SegmentationErrorBody {
  return { error: { type, message } };
}
