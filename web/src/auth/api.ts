import { api } from '../api/client';
import type { Answer } from '../api/types';

export interface Credentials {
  email: string;
  password: string;
}

/** The signed-in user as the platform sees them (GET /users/me). */
export type CurrentUser = Answer<'/users/me', 'get'>;

/** Starts a session: the answer sets the session cookie. What it says about the user, the next page asks again. */
export async function signIn(credentials: Credentials): Promise<void> {
  await api.post('/users/sign_in', { user: credentials });
}

export async function signOut(): Promise<void> {
  await api.delete('/users/sign_out');
}

/** Rejects with an ApiError of status 401 when nobody is signed in. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get('/users/me', { signal });
}

/** Ends the impersonation, giving the admin back a session of their own; resolves with where to go next. */
export async function stopImpersonating(): Promise<string> {
  const { redirectTo } = await api.delete('/admin/impersonations/current');
  return redirectTo;
}

/** Emails a reset link if the account exists; the answer reads the same either way. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await api.post('/users/password', { user: { email } })).message;
}

/**
 * Until when an emailed reset link works (ISO time), without spending it; refused (422 on
 * `user.resetPasswordToken`, in the words a reset would use) when it was used, has expired or never existed.
 */
export async function checkResetLink(resetPasswordToken: string, signal?: AbortSignal): Promise<string> {
  return (await api.post('/users/password/check', { user: { resetPasswordToken } }, { signal })).expiresAt;
}

/** Sets a new password with the emailed token; the account is signed out everywhere. */
export async function resetPassword(resetPasswordToken: string, password: string): Promise<string> {
  const answer = await api.put('/users/password', {
    user: { resetPasswordToken, password },
  });
  return answer.message;
}

export interface NewAccount {
  email: string;
  password: string;
}

/**
 * Asks for an account (`referralCode`: the code of the provider whose link brought the person): the server emails a code (or, when the email has an account already, a note to its
 * owner) and answers the same either way, with what to tell the person.
 */
export async function signUp(
  user: NewAccount,
  captchaResponse: string,
  referralCode: string | null,
): Promise<string> {
  return (await api.post('/sign_up', { user, captchaResponse, ...(referralCode ? { referralCode } : {}) }))
    .message;
}

/** The emailed code creates the account and signs the person in (the answer sets the session cookie). */
export async function confirmSignUp(email: string, code: string): Promise<void> {
  await api.post('/sign_up/confirm', { user: { email, code } });
}

export async function completeProfile(user: { firstName: string; lastName: string }): Promise<void> {
  await api.post('/sign_up/finalize', { user });
}

/** Creates the person's business with them as its admin; the session works in it from the next request. */
export async function setUpProvider(name: string): Promise<void> {
  await api.post('/sign_up/setup_provider', { setupProvider: { name } });
}

/** The sign-up survey's answers, kept as sent. */
export async function sendSurvey(survey: Record<string, string>): Promise<void> {
  await api.post('/provider/surveys', { survey });
}
