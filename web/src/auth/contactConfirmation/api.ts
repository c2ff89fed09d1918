import { api } from '../../api/client';
import type { Answer } from '../../api/types';

/**
 * One of the signed-in person's contacts and how far its confirmation is (GET /contact_confirmations): unconfirmed
 * (no live code), pending (a code was sent: codeExpiresAt, attemptsLeft) or confirmed.
 */
export type ContactConfirmation = Answer<'/contact_confirmations', 'get'>[number];

export function fetchContactConfirmations(signal?: AbortSignal): Promise<ContactConfirmation[]> {
  return api.get('/contact_confirmations', { signal });
}

export function confirmContact(code: string): Promise<ContactConfirmation> {
  return api.post('/contact_confirmations', { type: 'email', code });
}

/** Emails a new code; the previous one stops working. 429 while the last code is less than a minute old. */
export function resendCode(): Promise<ContactConfirmation> {
  return api.post('/contact_confirmations/resend', { type: 'email' });
}
