import {
  ACCOUNT_LINK_ORIGINS,
  PORTAL_ORIGINS,
  portalReturn,
  type PortalOrigin,
} from './customer-portal.rules';

const APP = 'https://app.example.com';

describe('portalReturn: where the customer portal sends the person back', () => {
  it.each([
    ['nothing given: the billing page', undefined, undefined, `${APP}/provider/billing`],
    ['the page they came from', 'credits', undefined, `${APP}/provider/billing/credits`],
    ['an empty return_url counts as none', 'billing', '', `${APP}/provider/billing`],
    [
      'a path of the platform',
      'credits',
      '/provider/billing?tab=invoices',
      `${APP}/provider/billing?tab=invoices`,
    ],
    [
      'a whole URL of the platform',
      undefined,
      `${APP}/provider/billing#credits`,
      `${APP}/provider/billing#credits`,
    ],
  ] as const)('%s', (_case, cameFrom, returnUrl, expected) => {
    expect(
      portalReturn(APP, PORTAL_ORIGINS[(cameFrom as PortalOrigin | undefined) ?? 'billing'], returnUrl),
    ).toEqual({ kind: 'app', url: expected });
  });

  it('builds on APP_URL alone, whatever its path', () => {
    expect(portalReturn(`${APP}/some/where/`, PORTAL_ORIGINS.credits, undefined)).toEqual({
      kind: 'app',
      url: `${APP}/provider/billing/credits`,
    });
  });

  it.each([
    [
      'a subdomain of the platform',
      'https://harbour.app.example.com/provider/billing',
      { subdomain: 'harbour' },
    ],
    ['a white-label domain', 'https://tours.harbour.com/provider/billing', { domain: 'tours.harbour.com' }],
  ])('asks whose host %s is before using it', (_case, returnUrl, host) => {
    expect(portalReturn(APP, PORTAL_ORIGINS.billing, returnUrl)).toEqual({
      kind: 'own_host',
      url: returnUrl,
      host,
    });
  });

  it.each([
    ['the same host over another scheme', 'http://app.example.com/provider/billing'],
    ['another port', 'https://app.example.com:8443/provider/billing'],
    ['a subdomain over another scheme', 'http://harbour.app.example.com/provider/billing'],
    ['two labels under the platform', 'https://a.b.app.example.com/provider/billing'],
    ['a domain over plain http', 'http://evil.example/provider/billing'],
    ['a domain on another port', 'https://evil.example:8443/provider/billing'],
    ['credentials in the URL', 'https://user:pass@app.example.com/provider/billing'],
    ['an address', 'https://127.0.0.1/provider/billing'],
    ['a protocol-relative URL', '//evil.example/provider/billing'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['not a URL', 'provider/billing'],
  ])('refuses %s', (_case, returnUrl) => {
    expect(portalReturn(APP, PORTAL_ORIGINS.billing, returnUrl)).toEqual({ kind: 'refused' });
  });
});

describe('the merchant account onboarding comes back the same way', () => {
  it.each([
    [
      'from the hosting fees page',
      ACCOUNT_LINK_ORIGINS.hosting_fees,
      undefined,
      `${APP}/provider/hosting_fees`,
    ],
    ['from the billing page', ACCOUNT_LINK_ORIGINS.billing, undefined, `${APP}/provider/billing`],
    [
      'to a path given',
      ACCOUNT_LINK_ORIGINS.billing,
      '/provider/hosting_fees?tab=customers',
      `${APP}/provider/hosting_fees?tab=customers`,
    ],
  ] as const)('%s', (_case, fallback, returnUrl, expected) => {
    expect(portalReturn(APP, fallback, returnUrl)).toEqual({ kind: 'app', url: expected });
  });

  it('refuses another site', () => {
    expect(portalReturn(APP, ACCOUNT_LINK_ORIGINS.billing, 'http://evil.example/x')).toEqual({
      kind: 'refused',
    });
  });
});
