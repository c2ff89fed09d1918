export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

/** The `error` member of Stripe's error bodies: what the SDK turns into StripeCardError and friends. */
export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
}

/**
 * An error answered as `{error: body}` with `statusCode`. `replayable` is false for requests refused before
 * anything ran (bad parameters, authentication): Stripe keeps no idempotent result for those.
 */
export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
    readonly replayable = true,
  ) {
    super(body.message);
  }
}

const DOCS = 'https://stripe.com/docs/error-codes';

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: `${DOCS}/${code.replace(/_/g, '-')}` } : {}),
    ...(param ? { param } : {}),
  });
}

/** A parameter the request cannot run with: never stored for idempotent replay. */
export function invalidParam(message: string, param: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(
    400,
    { type: 'invalid_request_error', code, message, param, doc_url: `${DOCS}/${code.replace(/_/g, '-')}` },
    false,
  );
}

export function missingParam(param: string): StripeApiError {
  return invalidParam(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** 404 resource_missing, e.g. "No such customer: 'cus_123'". */
export function noSuch(resource: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${resource}: '${id}'`,
    param,
    doc_url: `${DOCS}/resource-missing`,
  });
}

export function unexpectedState(code: string, message: string): StripeApiError {
  return invalidRequest(message, undefined, code);
}

export function authenticationError(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message }, false);
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(
    404,
    {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    },
    false,
  );
}
