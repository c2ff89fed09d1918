/** An OAuth grant type as a person reads it: client_credentials -> client credentials. */
export function grantLabel(grant: string | null): string {
  return grant ? grant.replace(/_/g, ' ') : 'unknown';
}
