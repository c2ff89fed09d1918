/** Names that would clash with the product's own hosts. */
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
]);

/** Whether a provider may not take the subdomain (already trimmed and lowercased, and well formed). */
export function isReservedSubdomain(subdomain: string): boolean {
  return RESERVED_SUBDOMAINS.has(subdomain);
}
