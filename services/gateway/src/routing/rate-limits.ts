/** Where a credential can be guessed: sign-in, tokens, password resets, sign-up, confirmation codes. */
const CREDENTIAL_ENDPOINTS = new Set([
  'POST /users/sign_in',
  'POST /oauth/token',
  'POST /users/password',
  'PUT /users/password',
  'POST /sign_up',
  'POST /contact_confirmations',
]);

const WINDOW_MS = 60_000;
/** Past this many tracked addresses, windows that ended are dropped before a new one is tracked. */
const MAX_TRACKED = 100_000;

export const TOO_MANY_ATTEMPTS = 'Too many attempts from your network. Please wait a minute and try again.';

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Limits credential endpoints per client address, in one-minute windows. The per-account lockout in
 * identity stops guessing one account's password; this stops one address trying many accounts. Counts live
 * in this gateway process: behind N gateways an address gets N times the limit, which still bounds it.
 */
export class CredentialRateLimit {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** null when the request may go on; otherwise the seconds until the address may try again. */
  check(method: string, pathname: string, address: string): number | null {
    if (!CREDENTIAL_ENDPOINTS.has(`${method} ${pathname.replace(/\/+$/, '')}`)) return null;
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      if (!window && this.windows.size >= MAX_TRACKED) this.dropEnded(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count += 1;
    if (window.count <= this.perMinute) return null;
    return Math.ceil((window.startedAt + WINDOW_MS - now) / 1000);
  }

  private dropEnded(now: number): void {
    for (const [address, window] of this.windows) {
      if (now - window.startedAt >= WINDOW_MS) this.windows.delete(address);
    }
  }
}
