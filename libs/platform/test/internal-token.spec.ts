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
