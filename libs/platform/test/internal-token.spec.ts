import { createHmac } from 'node:crypto';
import { ANONYMOUS, InternalTokens } from '@tourly/platform';

describe('internal tokens', () => {
  const tokens = new InternalTokens('a-secret-of-at-least-thirty-two-characters');
  const identity = {
    ...ANONYMOUS,
    userId: 'u1',
    role: 'member' as const,
    providerId: 'p1',
    scopes: ['read'],
  };
  const now = 1_800_000_000;

  it('round-trips the caller', () => {
    expect(tokens.verify(tokens.sign(identity, now), now)).toEqual(identity);
  });

  it('carries a client user’s client, and a token without one (signed before it existed) reads as none', () => {
    const clientUser = { ...identity, role: 'client_user' as const, clientId: 'c1' };
    expect(tokens.verify(tokens.sign(clientUser, now), now)).toEqual(clientUser);
    // A token whose claims have no `cid` at all: no client.
    const [header] = tokens.sign(identity, now).split('.');
    const body = Buffer.from(
      JSON.stringify({ sub: 'u1', role: 'client_user', pid: 'p1', exp: now + 60 }),
    ).toString('base64url');
    const signature = createHmac('sha256', 'a-secret-of-at-least-thirty-two-characters')
      .update(`${header}.${body}`)
      .digest('base64url');
    expect(tokens.verify(`${header}.${body}.${signature}`, now)?.clientId).toBeNull();
  });

  it('refuses a token once it has expired, also when it was verified before', () => {
    const token = tokens.sign(identity, now);
    expect(tokens.verify(token, now + 30)).toEqual(identity);
    expect(tokens.verify(token, now + 60 + 6)).toBeNull();
  });

  it('refuses another secret’s token, a changed payload and garbage', () => {
    const other = new InternalTokens('another-secret-of-at-least-thirty-two-chars').sign(identity, now);
    expect(tokens.verify(other, now)).toBeNull();
    const [header, , signature] = tokens.sign(identity, now).split('.');
    const elevated = Buffer.from(
      JSON.stringify({ sub: 'u1', role: 'admin', pid: 'p1', exp: now + 60 }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${elevated}.${signature}`, now)).toBeNull();
    expect(tokens.verify('not.a.token', now)).toBeNull();
    expect(tokens.verify(undefined, now)).toBeNull();
  });
});
