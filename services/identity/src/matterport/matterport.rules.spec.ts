import { createHash } from 'node:crypto';
import { MATTERPORT_MESSAGES } from '@tourly/contracts';
import {
  accessTokenQuestion,
  accountNameOf,
  authorizeUrl,
  connectionStatus,
  pkceChallenge,
  redirectUriOf,
  settingsLocation,
  showsSwitchPrompt,
  vendorRefusal,
} from './matterport.rules';

const PROVIDER = '0190f1c2-0000-7000-8000-000000000001';

describe('Matterport OAuth rules', () => {
  it('computes the S256 challenge: BASE64URL(SHA256(verifier)), no padding (RFC 7636 §4.2)', () => {
    const verifier = 'dBjftJeZ4CVP-mJ92K9L4Mw-LBo0h9_z5YjOfsqgZcM';
    const base64 = createHash('sha256').update(verifier).digest('base64');
    const challenge = pkceChallenge(verifier);
    expect(challenge).toBe(base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('builds the authorisation page address with every parameter the code flow with PKCE needs', () => {
    const url = new URL(
      authorizeUrl({
        authorizeUrl: 'https://authn.matterport.com/oauth/authorize',
        clientId: 'tourly client',
        redirectUri: redirectUriOf('https://app.tourly.test/'),
        state: 'the-state',
        codeChallenge: 'the-challenge',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://authn.matterport.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'tourly client',
      redirect_uri: 'https://app.tourly.test/api/integrations/matterport/callback',
      scope: 'ViewDetails',
      state: 'the-state',
      code_challenge: 'the-challenge',
      code_challenge_method: 'S256',
    });
  });

  it.each([
    [{ connected: true } as const, '/provider/settings?matterport=connected'],
    [
      { failed: 'You did not allow access on Matterport.' },
      '/provider/settings?matterport=failed&reason=You%20did%20not%20allow%20access%20on%20Matterport.',
    ],
  ])('sends the browser to the settings page: %p', (outcome, location) => {
    expect(settingsLocation(outcome)).toBe(location);
  });

  it.each([
    ['access_denied', MATTERPORT_MESSAGES.denied],
    ['invalid_request', MATTERPORT_MESSAGES.vendorError],
    ['server_error', MATTERPORT_MESSAGES.vendorError],
    ['', MATTERPORT_MESSAGES.vendorError],
  ])('tells why Matterport answered %p', (error, reason) => {
    expect(vendorRefusal(error)).toBe(reason);
  });

  it.each([
    ['named in the account', { access_token: 'a', account: { name: ' Harbour Studio ' } }, 'Harbour Studio'],
    ['named beside the token', { access_token: 'a', account_name: 'Quay Media' }, 'Quay Media'],
    ['not named', { access_token: 'a', token_type: 'Bearer' }, null],
    ['an account that is no object', { access_token: 'a', account: 'Harbour' }, null],
  ])('reads the account’s name from a token answer: %s', (_case, answer, name) => {
    expect(accountNameOf(answer)).toBe(name);
  });

  it.each([
    [{ providerId: PROVIDER }, { providerId: PROVIDER, rejectedAccessToken: null }],
    [
      { providerId: PROVIDER, rejectedAccessToken: 'old' },
      { providerId: PROVIDER, rejectedAccessToken: 'old' },
    ],
    [
      { providerId: PROVIDER, rejectedAccessToken: 42 },
      { providerId: PROVIDER, rejectedAccessToken: null },
    ],
    [{ providerId: 'nope' }, null],
    [{}, null],
    [null, null],
  ])('reads a question for an access token: %p', (request, question) => {
    expect(accessTokenQuestion(request as never)).toEqual(question);
  });

  it.each([
    [undefined, 'not_connected'],
    [{ status: null, platformAccount: false }, 'not_connected'],
    [{ status: null, platformAccount: true }, 'platform'],
    [{ status: 'connected' as const, platformAccount: false }, 'connected'],
    [{ status: 'connected' as const, platformAccount: true }, 'connected'],
    [{ status: 'broken' as const, platformAccount: true }, 'broken'],
  ])('shows a provider’s connection %p as %s', (row, status) => {
    expect(connectionStatus(row)).toBe(status);
  });

  it.each([
    ['a provider from before, prompt not ended', { endedAt: null }, false, true],
    ['the same, to an impersonating administrator', { endedAt: null }, true, false],
    ['a provider from before that connected or dismissed it', { endedAt: new Date() }, false, false],
    ['a provider made after the prompt came', undefined, false, false],
  ])('switch prompt for %s', (_case, prompt, impersonating, show) => {
    expect(showsSwitchPrompt(prompt, impersonating)).toBe(show);
  });
});
