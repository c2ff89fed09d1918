import type { StaffRole } from '@tourly/contracts';
import { api } from '../api/client';
import type { Role } from '../api/role';

export interface Credentials {
  email: string;
  password: string;
}

/** The signed-in user as the platform sees them (GET /users/me). */
export interface CurrentUser {
  userId: string;
  role: Role | null;
  staffRole: StaffRole | null;
  providerId: string | null;
  /** The platform admin acting as this user when the session is an impersonation, else null. */
  impersonatorId: string | null;
}

/** Starts a session: the answer sets the session cookie. What it says about the user, the next page asks again. */
export async function signIn(credentials: Credentials): Promise<void> {
  await api.post('/users/sign_in', { user: credentials });
}

export async function signOut(): Promise<void> {
  await api.delete('/users/sign_out');
}

/** Rejects with an ApiError of status 401 when nobody is signed in. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get<CurrentUser>('/users/me', { signal });
}

/** Ends the impersonation, giving the admin back a session of their own; resolves with where to go next. */
export async function stopImpersonating(): Promise<string> {
  const { redirectTo } = await api.delete<{ redirectTo: string }>('/admin/impersonations/current');
  return redirectTo;
}
