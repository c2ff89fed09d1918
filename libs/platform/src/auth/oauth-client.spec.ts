import { issuedTokens, needsRenewal } from './oauth-client';

describe('the platform as an OAuth client', () => {
  it.each([
    ['expired an hour ago', -3_600_000, true],
    ['expiring now', 0, true],
    ['expiring in 59 s', 59_000, true],
    ['expiring in exactly 60 s', 60_000, true],
    ['expiring in 61 s', 61_000, false],
    ['expiring in an hour', 3_600_000, false],
  ])('renews a token %s: %s', (_case, inMs, due) => {
    const now = new Date('2026-11-20T10:00:00Z');
    expect(needsRenewal(new Date(now.getTime() + inMs), now)).toBe(due);
  });

  it.each([
    [
      'a full answer',
      { access_token: 'a', token_type: 'Bearer', expires_in: 3600, refresh_token: 'r', scope: 'ViewDetails' },
      { accessToken: 'a', refreshToken: 'r', expiresInSeconds: 3600, scope: 'ViewDetails' },
    ],
    [
      'the type in lower case, no refresh token, no expiry',
      { access_token: 'a', token_type: 'bearer' },
      { accessToken: 'a', refreshToken: null, expiresInSeconds: 3600, scope: null },
    ],
    [
      'the expiry as text',
      { access_token: 'a', token_type: 'Bearer', expires_in: '120' },
      { accessToken: 'a', refreshToken: null, expiresInSeconds: 120, scope: null },
    ],
    ['no access token', { token_type: 'Bearer' }, null],
    ['another token type', { access_token: 'a', token_type: 'mac' }, null],
    ['not an object', 'access_token=a', null],
    ['null', null, null],
  ])('reads a token answer: %s', (_case, body, tokens) => {
    expect(issuedTokens(body)).toEqual(tokens);
  });
});
