/**
 * Names that would clash with the product's own hosts, or that browsers, mail clients and resolvers treat as more
 * than a name: `localhost` (a name for this machine: `localhost.<app host>` must not be a provider's page), mail and
 * client autoconfiguration (`autodiscover`, `autoconfig`, `wpad`: a provider holding one could receive other people's
 * mail settings or proxy settings for the platform's domain), mail and name servers, sign-in pages.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'app',
  'admin',
  'assets',
  'static',
  'mail',
  'tours',
  'help',
  'status',
  'localhost',
  'autodiscover',
  'autoconfig',
  'wpad',
  'isatap',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'webmail',
  'mx',
  'ns',
  'ns1',
  'ns2',
  'ftp',
  'cdn',
  'docs',
  'support',
  'login',
  'auth',
  'sso',
  'billing',
  'console',
  'dashboard',
]);

/** Whether a provider may not take the subdomain (already trimmed and lowercased, and well formed). */
export function isReservedSubdomain(subdomain: string): boolean {
  return RESERVED_SUBDOMAINS.has(subdomain);
}
