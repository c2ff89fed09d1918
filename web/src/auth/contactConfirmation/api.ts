import { api } from '../../api/client';

/** One of the signed-in person's contacts and how far its confirmation is (GET /contact_confirmations). */
export interface ContactConfirmation {
  type: 'email';
  destination: string;
  /** unconfirmed: no live code; pending: a code was sent (codeExpiresAt, attemptsLeft); confirmed. */
  status: 'confirmed' | 'pending' | 'unconfirmed';
  confirmedAt: string | null;
  codeExpiresAt: string | null;
  attemptsLeft: number | null;
}

export function fetchContactConfirmations(signal?: AbortSignal): Promise<ContactConfirmation[]> {
  return api.get<ContactConfirmation[]>('/contact_confirmations', { signal });
}

export function confirmContact(code: string): Promise<ContactConfirmation> {
  return api.post<ContactConfirmation>('/contact_confirmations', { type: 'email', code });
}

/** Emails a new code; the previous one stops working. 429 while the last code is less than a minute old. */
export function resendCode(): Promise<ContactConfirmation> {
  return api.post<ContactConfirmation>('/contact_confirmations/resend', { type: 'email' });
}
