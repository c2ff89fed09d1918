/**
 * Top-level names (and `home.arpa`, `arpa`) that resolve on the machine or the network it is on, never on the
 * internet: `localhost` (RFC 6761), `local` (mDNS, RFC 6762), `home.arpa` (RFC 8375), `internal` (reserved by ICANN for
 * private use), `arpa` (reverse lookups), and the habits of home and office networks (`localdomain`, `lan`, `home`,
 * `intranet`, `corp`).
 */
const LOCAL_SUFFIXES: readonly string[] = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'arpa',
  'lan',
  'home',
  'intranet',
  'corp',
];

const isUnder = (name: string, parent: string): boolean => name === parent || name.endsWith(`.${parent}`);

/**
 * Whether a provider may not take the white-label domain (lowercased and well formed): a local name, which no
 * certificate authority or visitor's DNS can reach, or the platform's own, `appHost` (APP_URL's host), a name under
 * it (the providers' subdomains) or a domain it is under.
 */
export function isLocalOrPlatformDomain(domain: string, appHost: string): boolean {
  if (LOCAL_SUFFIXES.some((suffix) => isUnder(domain, suffix))) return true;
  return isUnder(domain, appHost) || isUnder(appHost, domain);
}
