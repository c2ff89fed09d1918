import { MATTERPORT_MESSAGES } from '@tourly/contracts';
import type { MatterportConnectionStatus } from './api';

/** How an attempt to connect ended, as the callback tells the settings page (`?matterport=…`). */
export type ConnectOutcome = { kind: 'connected' } | { kind: 'failed'; reason: string };

const OUTCOME_PARAM = 'matterport';
const REASON_PARAM = 'reason';

/** When the reason is missing, or is not one the platform gives. */
export const CONNECT_FAILED_FALLBACK = 'Matterport could not be connected. Please start again.';

/**
 * The reasons the callback gives (its redirect carries one of these): only they are shown, word for word, so that
 * a link crafted with `?matterport=failed&reason=…` cannot put words of its own on the page.
 */
const KNOWN_REASONS: ReadonlySet<string> = new Set(Object.values(MATTERPORT_MESSAGES));

/**
 * `?matterport=connected` or `?matterport=failed&reason=<text>` in the settings page's address; null for anything
 * else (no parameter, an unknown value).
 */
export function connectOutcomeOf(search: string): ConnectOutcome | null {
  const params = new URLSearchParams(search);
  const outcome = params.get(OUTCOME_PARAM);
  if (outcome === 'connected') return { kind: 'connected' };
  if (outcome !== 'failed') return null;
  const reason = params.get(REASON_PARAM)?.trim() ?? '';
  return { kind: 'failed', reason: KNOWN_REASONS.has(reason) ? reason : CONNECT_FAILED_FALLBACK };
}

/**
 * The address's query without the callback's outcome (`matterport`, and its `reason`), other parameters kept in
 * their order: '' or '?…'. Put back with `replace`, so that reloading the page does not tell it again.
 */
export function withoutConnectOutcome(search: string): string {
  const params = new URLSearchParams(search);
  if (params.has(OUTCOME_PARAM)) {
    params.delete(OUTCOME_PARAM);
    params.delete(REASON_PARAM);
  }
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** The default reason of a broken connection, should the server give none. */
export const BROKEN_FALLBACK = 'Matterport no longer accepts the connection: connect again from Settings.';

/**
 * Why the model picker lists nothing (when the person is not searching), from the connection: none connected, or a
 * connection that stopped working, with what to do (admins connect in Settings; others ask an admin). null when an
 * account is connected (or the platform's is used), or the connection is not known: the account has no models.
 */
export function noModelsNote(
  status: MatterportConnectionStatus | undefined,
  isAdmin: boolean,
): { message: string; action: { link: string } | { ask: string } } | null {
  if (status === 'not_connected') {
    return {
      message: 'No Matterport account is connected.',
      action: isAdmin
        ? { link: 'Connect it in Settings' }
        : { ask: 'Ask an admin to connect one in Settings.' },
    };
  }
  if (status === 'broken') {
    return {
      message: 'The connection to your Matterport account stopped working.',
      action: isAdmin
        ? { link: 'Connect it again in Settings' }
        : { ask: 'Ask an admin to connect it again in Settings.' },
    };
  }
  return null;
}

/** Whether the auto-populate switch has an account to read models from. */
export function hasModelSource(status: MatterportConnectionStatus): boolean {
  return status === 'connected' || status === 'platform';
}
