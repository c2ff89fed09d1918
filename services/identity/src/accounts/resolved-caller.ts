import type { MembershipRole, ResolvedCredentials, StaffRole } from '@tourly/contracts';

/**
 * What the answer is made of: a credential's row as the sessions, API key and OAuth token queries select it (each
 * repository's generated row, narrowed to these unions).
 */
export interface CallerCredential {
  userId: string;
  providerId: string | null;
  role: MembershipRole | null;
  staffRole: StaffRole | null;
  /** A client user's client (the membership's); null or absent for everyone else. */
  clientId?: string | null;
  impersonatorId?: string | null;
  scopes?: string[];
}

/** The answer for the gateway: nobody for no row; a provider only where the user still has a role in it. */
export function resolvedCaller(
  row: CallerCredential | undefined,
  csrfToken: string | null = null,
): ResolvedCredentials {
  if (!row) return { caller: null, csrfToken: null };
  return {
    caller: {
      userId: row.userId,
      role: row.role,
      staffRole: row.staffRole,
      providerId: row.role ? row.providerId : null,
      clientId: row.role === 'client_user' ? (row.clientId ?? null) : null,
      impersonatorId: row.impersonatorId ?? null,
      scopes: row.scopes ?? [],
    },
    csrfToken,
  };
}
