// The provider's page (/admin/providers/{id}/show/<tab>): each of its records one click away, each tab a page of its
// own so it can be linked to. Pure, so a spec holds the paths (tabs.spec.ts).

export const PROVIDER_TABS = [
  { path: '', label: 'Overview' },
  { path: 'users', label: 'Users' },
  { path: 'properties', label: 'Properties' },
  { path: 'tours', label: 'Tours' },
  { path: 'player_link_namespaces', label: 'Player link namespaces' },
  { path: 'orders', label: 'Orders' },
  { path: 'bookings', label: 'Bookings' },
  { path: 'clients', label: 'Clients' },
  { path: 'floorplan_configuration', label: 'Floor-plan configuration' },
  { path: 'billing', label: 'Billing' },
  { path: 'credits', label: 'Credits' },
  { path: 'domain', label: 'Domain' },
  { path: 'impersonations', label: 'Impersonations' },
  { path: 'audit', label: 'Audit' },
] as const;

export type ProviderTab = (typeof PROVIDER_TABS)[number]['path'];

/** The provider's page under the console's `basename` ('/admin'), at one of its tabs (the overview by default). */
export function providerPagePath(basename: string, providerId: string, tab: ProviderTab = ''): string {
  const page = `${basename}/providers/${encodeURIComponent(providerId)}/show`;
  return tab === '' ? page : `${page}/${tab}`;
}

/** The tab a path below the page (react-router's `*`: 'orders', 'orders/anything', '') stands for; unknown: null. */
export function tabOf(rest: string | undefined): ProviderTab | null {
  const first = (rest ?? '').split('/')[0] ?? '';
  return PROVIDER_TABS.find((tab) => tab.path === first)?.path ?? null;
}
