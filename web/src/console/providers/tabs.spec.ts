import { describe, expect, it } from '@jest/globals';
import { PROVIDER_TABS, providerPagePath, tabOf } from './tabs';

const ID = '0190f3a0-0000-7000-8000-000000000001';

describe('the provider’s page and its tabs', () => {
  it.each<[Parameters<typeof providerPagePath>[2], string]>([
    [undefined, `/admin/providers/${ID}/show`],
    ['', `/admin/providers/${ID}/show`],
    ['orders', `/admin/providers/${ID}/show/orders`],
    ['audit', `/admin/providers/${ID}/show/audit`],
  ])('the tab %j is at %s', (tab, path) => {
    expect(providerPagePath('/admin', ID, tab)).toBe(path);
  });

  it.each<[string | undefined, string | null]>([
    [undefined, ''],
    ['', ''],
    ['billing', 'billing'],
    ['billing/more', 'billing'],
    ['player_link_namespaces', 'player_link_namespaces'],
    ['nowhere', null],
  ])('the path %j is the tab %j', (rest, tab) => {
    expect(tabOf(rest)).toBe(tab);
  });

  it('has one tab per path, each named', () => {
    expect(new Set(PROVIDER_TABS.map((tab) => tab.path)).size).toBe(PROVIDER_TABS.length);
    expect(PROVIDER_TABS.map((tab) => tab.label)).toContain('Audit');
  });
});
