import { API_KEY_SCOPE } from '@tourly/contracts';
import { ApiError, type Caller } from '@tourly/platform';

export const API_KEY_FORBIDDEN = 'An API key cannot do this. Sign in to do it.';

/**
 * An API key (and a client-credentials token, which carries the same scope) works in its own provider's
 * data: it may not create providers or move between them, which only a person signed in may do.
 */
export function refuseApiKeys(caller: Caller): void {
  if (caller.scopes.includes(API_KEY_SCOPE)) throw ApiError.forbidden(API_KEY_FORBIDDEN);
}
