import { describe, expect, it } from '@jest/globals';
import type { OrderStatus } from '@tourly/contracts';
import {
  assistantActions,
  isLate,
  queueOf,
  startLabel,
  STATUS_CHOICES,
  supplierMoves,
  supportingFilesMap,
  VA_QUEUES,
} from './orders';

const NOW = new Date('2030-06-01T12:00:00Z');
const PAST = '2030-06-01T11:59:00Z';
const FUTURE = '2030-06-01T12:01:00Z';

describe('floor-plan orders in the back offices', () => {
  it.each<[OrderStatus, string, boolean]>([
    ['placed', PAST, true],
    ['in_progress', PAST, true],
    ['paused', PAST, true],
    ['placed', FUTURE, false],
    ['delivered', PAST, false],
    ['cancelled', PAST, false],
  ])('a %s order promised for %s is late: %s', (status, promisedAt, late) => {
    expect(isLate({ status, promisedAt }, NOW)).toBe(late);
  });

  it.each<[OrderStatus, string[]]>([
    ['placed', ['start', 'cancel']],
    ['in_progress', ['pause', 'finalise', 'cancel']],
    ['paused', ['start', 'cancel']],
    ['delivered', []],
    ['cancelled', []],
  ])('the supplier may, on a %s order: %j', (status, moves) => {
    expect(supplierMoves(status)).toEqual(moves);
  });

  it.each<[OrderStatus, string]>([
    ['placed', 'Start'],
    ['paused', 'Resume'],
  ])('starting a %s order reads "%s"', (status, label) => {
    expect(startLabel(status)).toBe(label);
  });

  it.each<[OrderStatus, string[]]>([
    ['placed', ['assign', 'cancel']],
    ['in_progress', ['assign', 'cancel']],
    ['paused', ['assign', 'cancel']],
    ['delivered', ['amend']],
    ['cancelled', []],
  ])('a virtual assistant may, on a %s order: %j', (status, actions) => {
    expect(assistantActions(status)).toEqual(actions);
  });

  it('sends supporting files as the indexed map the service reads', () => {
    expect(supportingFilesMap(['a', 'b'])).toEqual({ '0': { id: 'a' }, '1': { id: 'b' } });
    expect(supportingFilesMap([])).toEqual({});
  });

  it.each<[Parameters<typeof queueOf>[0], string]>([
    [{ kind: 'floorplan', amendsOrderId: null }, 'floorplan_orders'],
    [{ kind: 'universal_floorplan', amendsOrderId: null }, 'floorplan_orders'],
    [{ kind: 'schematic_floorplan', amendsOrderId: null }, 'schematic_floorplan_orders'],
    [{ kind: 'trueplan', amendsOrderId: null }, 'trueplan_orders'],
    [{ kind: 'floorplan', amendsOrderId: 'x' }, 'floor_plan_amendments'],
    [{ kind: 'universal_floorplan', amendsOrderId: 'x' }, 'universal_floor_plan_amendments'],
    [{ kind: 'schematic_floorplan', amendsOrderId: 'x' }, 'schematic_floor_plan_amendments'],
    [{ kind: 'trueplan', amendsOrderId: 'x' }, 'trueplan_amendments'],
    [{ kind: 'photo_retouching', amendsOrderId: null }, 'photo_retouching_orders'],
    [{ kind: 'photo_retouching', amendsOrderId: 'x' }, 'photo_retouching_amendments'],
    [{ kind: 'workshop_assistant', amendsOrderId: null }, 'workshop_assistant_orders'],
    [{ kind: 'workshop_assistant', amendsOrderId: 'x' }, 'workshop_assistant_amendments'],
  ])('an order %j is worked in the queue %s', (order, queue) => {
    expect(queueOf(order)).toBe(queue);
    expect(VA_QUEUES.map((each) => each.resource)).toContain(queue);
  });

  it('filters by the five statuses, in words', () => {
    expect(STATUS_CHOICES.map((choice) => choice.name)).toEqual([
      'Placed',
      'In progress',
      'Paused',
      'Delivered',
      'Cancelled',
    ]);
  });
});
