import { portalReturnUrl } from './customer-portal.rules';

const SITE = 'https://app.example.com';

describe('portalReturnUrl: where the customer portal sends the person back', () => {
  it.each([
    ['nothing given: the billing page', undefined, undefined, `${SITE}/provider/billing`],
    ['the page they came from', 'credits', undefined, `${SITE}/provider/billing/credits`],
    ['an empty return_url counts as none', 'billing', '', `${SITE}/provider/billing`],
    [
      'a path of the site',
      'credits',
      '/provider/billing?tab=invoices',
      `${SITE}/provider/billing?tab=invoices`,
    ],
    [
      'a whole URL of the site',
      undefined,
      `${SITE}/provider/billing#credits`,
      `${SITE}/provider/billing#credits`,
    ],
  ] as const)('%s', (_case, cameFrom, returnUrl, expected) => {
    expect(portalReturnUrl(SITE, cameFrom, returnUrl)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/provider/billing'],
    ['the same host over another scheme', 'http://app.example.com/provider/billing'],
    ['another port', 'https://app.example.com:8443/provider/billing'],
    ['a protocol-relative URL', '//evil.example/provider/billing'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['not a URL', 'provider/billing'],
  ])('refuses %s', (_case, returnUrl) => {
    expect(portalReturnUrl(SITE, 'billing', returnUrl)).toBeUndefined();
  });
});
