import { INTERNAL_TOKEN_TTL_SECONDS, type CallerIdentity, type InternalTokens } from '@tourly/platform';

/** Reuse a minted token for half its lifetime: signing on every request costs the gateway throughput. */
const REUSE_MS = (INTERNAL_TOKEN_TTL_SECONDS * 1000) / 2;
const MAX_ENTRIES = 10_000;

/** Internal tokens per caller identity, re-signed when half their lifetime has passed. */
export class TokenCache {
  private readonly entries = new Map<string, { token: string; signedAt: number }>();

  constructor(private readonly tokens: InternalTokens) {}

  tokenFor(identity: CallerIdentity, now = Date.now()): string {
    const key = `${identity.userId}|${identity.role}|${identity.staffRole}|${identity.providerId}|${identity.clientId}|${identity.impersonatorId}|${identity.scopes.join(',')}`;
    const cached = this.entries.get(key);
    if (cached && now - cached.signedAt < REUSE_MS) return cached.token;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const token = this.tokens.sign(identity, Math.floor(now / 1000));
    this.entries.set(key, { token, signedAt: now });
    return token;
  }
}
