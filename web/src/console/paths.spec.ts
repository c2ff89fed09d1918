import { describe, expect, it } from '@jest/globals';
import { createRoute, listRoute, oneRoute } from './paths';

const PROVIDER = '0190f3a0-0000-7000-8000-000000000001';

describe('the console’s resources at the spec’s paths', () => {
  it.each<[string, Record<string, unknown>, string, Record<string, unknown>]>([
    ['providers', { search: 'harbour', tag: 'vip' }, 'providers.json', { search: 'harbour', tag: 'vip' }],
    ['provider_users', { providerId: PROVIDER }, `providers/${PROVIDER}/users.json`, {}],
    [
      'provider_properties',
      { providerId: PROVIDER, search: 'loft' },
      `providers/${PROVIDER}/properties`,
      { search: 'loft' },
    ],
    ['provider_tours', { providerId: PROVIDER, search: 'x' }, `providers/${PROVIDER}/tours`, { search: 'x' }],
    [
      'provider_player_link_namespaces',
      { providerId: PROVIDER },
      `providers/${PROVIDER}/player_link_namespaces`,
      {},
    ],
    [
      'provider_orders',
      { providerId: PROVIDER, startDate: '2030-01-01', endDate: '2030-01-31' },
      `providers/${PROVIDER}/orders`,
      { startDate: '2030-01-01', endDate: '2030-01-31' },
    ],
    ['provider_bookings', { providerId: PROVIDER }, `providers/${PROVIDER}/bookings`, {}],
    [
      'provider_clients',
      { providerId: PROVIDER, search: 'x' },
      'provider_clients.json',
      { providerId: PROVIDER, search: 'x' },
    ],
    ['credit_adjustments', { providerId: PROVIDER }, `providers/${PROVIDER}/credit_adjustments`, {}],
    ['admin_changes', { providerId: PROVIDER }, `providers/${PROVIDER}/admin_changes`, {}],
    ['credit_bundles', { providerId: PROVIDER }, 'credit_bundles.json', { providerId: PROVIDER }],
    ['whitelabeled_domains', { providerId: PROVIDER }, 'whitelabeled_domains', { providerId: PROVIDER }],
    ['whitelabeled-domains', { status: 'pending' }, 'whitelabeled-domains.json', { status: 'pending' }],
    ['floorplan_orders', { status: ['placed'] }, 'floorplan_orders/new_index.json', { status: ['placed'] }],
    ['trueplan_amendments', {}, 'amendments/trueplans.json', {}],
    ['assigned_orders', {}, 'floorplan_orders', {}],
    ['vouchers', { search: 'SPRING' }, 'vouchers', { search: 'SPRING' }],
    ['staging_assets', { search: 'sofa' }, 'vt_staging/assets.json', { search: 'sofa' }],
    ['staging_asset_log', {}, 'vt_staging/asset/logs.json', {}],
    ['staging_asset_log', { assetId: PROVIDER }, 'vt_staging/asset/logs.json', { assetId: PROVIDER }],
    ['staging_asset_imports', {}, 'vt_staging/asset/imports.json', {}],
    ['digital_twins', { search: 'harbour' }, 'digital_twins.json', { search: 'harbour' }],
    [
      'floorplan_variants',
      { providerId: PROVIDER, search: 'loft' },
      'floorplan_variants.json',
      { providerId: PROVIDER, search: 'loft' },
    ],
  ])('%s filtered by %j: %s with %j', (resource, filter, path, query) => {
    expect(listRoute(resource, filter)).toEqual({ path, filter: query });
  });

  it('puts the provider in the path as one segment', () => {
    expect(listRoute('provider_orders', { providerId: 'a/b?c' }).path).toBe('providers/a%2Fb%3Fc/orders');
  });

  it('has no list of a provider’s records without the provider', () => {
    expect(() => listRoute('provider_properties', { search: 'loft' })).toThrow(
      'providers/{id}/properties needs the providerId filter',
    );
  });

  it.each<[string, string]>([
    ['providers', 'providers'],
    ['floorplan_orders', 'portal_order_requests'],
    ['trueplan_amendments', 'portal_order_requests'],
    ['assigned_orders', 'floorplan_orders'],
  ])('one record of %s is read from %s/{id}', (resource, path) => {
    expect(oneRoute(resource)).toBe(path);
  });

  it.each<[string, string]>([
    ['credit_bundles', 'credit_bundles.json'],
    ['vouchers', 'vouchers'],
  ])('a new record of %s is posted to %s', (resource, path) => {
    expect(createRoute(resource)).toBe(path);
  });
});
