import { describe, expect, it } from '@jest/globals';
import type { FloorplanKind } from '@tourly/contracts';
import { orderPagePath } from './floorplanVariants';

const ORDER = '0190f3a0-0000-7000-8000-000000000001';
const AMENDED = '0190f3a0-0000-7000-8000-000000000002';

describe('the back office’s floor plans', () => {
  it.each<[FloorplanKind, string]>([
    ['floorplan', 'floorplan_orders'],
    ['universal_floorplan', 'floorplan_orders'],
    ['schematic_floorplan', 'schematic_floorplan_orders'],
    ['trueplan', 'trueplan_orders'],
  ])('opens a %s plan’s order in the %s queue', (kind, queue) => {
    expect(orderPagePath({ kind, orderId: ORDER, amendsOrderId: null })).toBe(
      `/virtual_assistant/${queue}/${ORDER}/show`,
    );
  });

  it.each<[FloorplanKind, string]>([
    ['floorplan', 'floor_plan_amendments'],
    ['universal_floorplan', 'universal_floor_plan_amendments'],
    ['schematic_floorplan', 'schematic_floor_plan_amendments'],
    ['trueplan', 'trueplan_amendments'],
  ])('opens a %s plan’s amendment in the %s queue', (kind, queue) => {
    expect(orderPagePath({ kind, orderId: ORDER, amendsOrderId: AMENDED })).toBe(
      `/virtual_assistant/${queue}/${ORDER}/show`,
    );
  });

  it('puts the order in the path as one segment', () => {
    expect(orderPagePath({ kind: 'floorplan', orderId: 'a/b?c', amendsOrderId: null })).toBe(
      '/virtual_assistant/floorplan_orders/a%2Fb%3Fc/show',
    );
  });
});
