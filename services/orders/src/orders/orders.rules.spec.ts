import { createHash } from 'node:crypto';
import type { OrderDrawer, OrderKind, OrderStatus } from '@tourly/contracts';
import { ANONYMOUS, type CallerIdentity } from '@tourly/platform';
import {
  IDEMPOTENCY_KEY,
  NOT_MATTERPORTS_KIND,
  STAFF_WORK,
  WORKSHOP_ONLY,
  drawerOf,
  drawerProblem,
  LEADS_TO,
  STEP_OF,
  matchRetouched,
  maySee,
  originalNames,
  retouchWork,
  draftProblem,
  placingHash,
  workedByStaff,
  workshopWork,
  promisedAt,
  supportingFileIds,
  transitionRefusal,
  variantName,
  type OrderAction,
} from './orders.rules';

const caller = (identity: Partial<CallerIdentity>): CallerIdentity => ({ ...ANONYMOUS, ...identity });
const PROVIDER = '0190f0f0-0000-7000-8000-0000000000a1';
const ANOTHER_PROVIDER = '0190f0f0-0000-7000-8000-0000000000a2';
const SUPPLIER = '0190f0f0-0000-7000-8000-0000000000b1';
const ANOTHER_SUPPLIER = '0190f0f0-0000-7000-8000-0000000000b2';
const PROPERTY = '0190f0f0-0000-7000-8000-0000000000d1';
const FILE_A = '0190f0f0-0000-7000-8000-0000000000c1';
const FILE_B = '0190f0f0-0000-7000-8000-0000000000c2';

describe('orders rules', () => {
  /**
   * The machine of the README ("The order's statuses"), every action from every status: null where the action is
   * allowed, else the 409's exact words.
   */
  it.each<[OrderAction, OrderStatus, string | null]>([
    ['start', 'placed', null],
    ['start', 'in_progress', 'This order is in progress: it cannot be started.'],
    ['start', 'paused', null],
    ['start', 'delivered', 'This order is delivered: it cannot be started.'],
    ['start', 'cancelled', 'This order is cancelled: it cannot be started.'],
    ['pause', 'placed', 'This order is waiting to be started: it cannot be paused.'],
    ['pause', 'in_progress', null],
    ['pause', 'paused', 'This order is paused: it cannot be paused.'],
    ['pause', 'delivered', 'This order is delivered: it cannot be paused.'],
    ['pause', 'cancelled', 'This order is cancelled: it cannot be paused.'],
    ['finalise', 'placed', 'This order is waiting to be started: it cannot be finalised.'],
    ['finalise', 'in_progress', null],
    ['finalise', 'paused', 'This order is paused: it cannot be finalised.'],
    ['finalise', 'delivered', 'This order is delivered: it cannot be finalised.'],
    ['finalise', 'cancelled', 'This order is cancelled: it cannot be finalised.'],
    ['cancel', 'placed', null],
    ['cancel', 'in_progress', null],
    ['cancel', 'paused', null],
    ['cancel', 'delivered', 'This order is delivered: it cannot be cancelled.'],
    ['cancel', 'cancelled', 'This order is cancelled: it cannot be cancelled.'],
    ['assign', 'placed', null],
    ['assign', 'in_progress', null],
    ['assign', 'paused', null],
    ['assign', 'delivered', 'This order is delivered: it cannot be assigned.'],
    ['assign', 'cancelled', 'This order is cancelled: it cannot be assigned.'],
    [
      'amend',
      'placed',
      'This order is waiting to be started: it cannot be amended (only a delivered order can be).',
    ],
    [
      'amend',
      'in_progress',
      'This order is in progress: it cannot be amended (only a delivered order can be).',
    ],
    ['amend', 'paused', 'This order is paused: it cannot be amended (only a delivered order can be).'],
    ['amend', 'delivered', null],
    ['amend', 'cancelled', 'This order is cancelled: it cannot be amended (only a delivered order can be).'],
    ['change_files', 'placed', null],
    ['change_files', 'in_progress', null],
    ['change_files', 'paused', null],
    ['change_files', 'delivered', 'This order is delivered: it cannot be changed.'],
    ['change_files', 'cancelled', 'This order is cancelled: it cannot be changed.'],
  ])('%s from %s -> %j', (action, status, refusal) => {
    expect(transitionRefusal(action, status)).toBe(refusal);
  });

  it.each<[OrderAction, OrderStatus | undefined, string]>([
    ['start', 'in_progress', 'in_progress'],
    ['pause', 'paused', 'paused'],
    ['finalise', 'delivered', 'delivered'],
    ['cancel', 'cancelled', 'cancelled'],
    // An assignment and an amendment leave the order where it is (an amendment is an order of its own).
    ['assign', undefined, 'assigned'],
    ['amend', undefined, 'amendment'],
  ])('%s leads to %s and records the step %s', (action, status, step) => {
    expect(LEADS_TO[action]).toBe(status);
    expect(STEP_OF[action as Exclude<OrderAction, 'change_files'>]).toBe(step);
  });

  it.each<[OrderKind, string]>([
    ['floorplan', '2026-03-02T09:30:00.000Z'],
    ['schematic_floorplan', '2026-03-02T09:30:00.000Z'],
    ['universal_floorplan', '2026-03-03T09:30:00.000Z'],
    ['trueplan', '2026-03-04T09:30:00.000Z'],
  ])('promises a %s for %s when placed on 1 March at 09:30', (kind, promised) => {
    expect(promisedAt(kind, new Date('2026-03-01T09:30:00.000Z')).toISOString()).toBe(promised);
  });

  const order = { providerId: PROVIDER, supplierId: SUPPLIER };
  it.each<[string, boolean, CallerIdentity]>([
    ['the provider’s admin', true, caller({ userId: PROVIDER, role: 'admin', providerId: PROVIDER })],
    [
      'its scan technician',
      true,
      caller({ userId: PROVIDER, role: 'scan_technician', providerId: PROVIDER }),
    ],
    ['its member', true, caller({ userId: PROVIDER, role: 'member', providerId: PROVIDER })],
    ['its client user', false, caller({ userId: PROVIDER, role: 'client_user', providerId: PROVIDER })],
    [
      'another provider’s admin',
      false,
      caller({ userId: PROVIDER, role: 'admin', providerId: ANOTHER_PROVIDER }),
    ],
    ['a platform admin', true, caller({ userId: SUPPLIER, staffRole: 'platform_admin' })],
    ['a virtual assistant', true, caller({ userId: SUPPLIER, staffRole: 'virtual_assistant' })],
    ['the supplier it is assigned to', true, caller({ userId: SUPPLIER, staffRole: 'external_supplier' })],
    ['another supplier', false, caller({ userId: ANOTHER_SUPPLIER, staffRole: 'external_supplier' })],
    ['a supplier without a user', false, caller({ staffRole: 'external_supplier' })],
    ['an admin role without a provider', false, caller({ userId: PROVIDER, role: 'admin' })],
    ['nobody', false, caller({})],
  ])('%s sees the order: %s', (_who, expected, who) => {
    expect(maySee(who, order)).toBe(expected);
  });

  it('shows an unassigned order to no supplier', () => {
    const unassigned = { providerId: PROVIDER, supplierId: null };
    expect(maySee(caller({ userId: null, staffRole: 'external_supplier' }), unassigned)).toBe(false);
    expect(maySee(caller({ userId: SUPPLIER, staffRole: 'external_supplier' }), unassigned)).toBe(false);
  });

  it.each<[string, OrderKind, string, string]>([
    ['Seaside Villa', 'floorplan', 'ground.pdf', 'Seaside Villa · Floor plan · ground.pdf'],
    ['Loft', 'trueplan', 'plan.dwg', 'Loft · TruePlan · plan.dwg'],
    ['Barn', 'universal_floorplan', 'u.png', 'Barn · Universal floor plan · u.png'],
    ['Barn', 'schematic_floorplan', 's.svg', 'Barn · Schematic floor plan · s.svg'],
    // At most 255 characters, the column's size: the file's name is what gets cut.
    ['T'.repeat(230), 'floorplan', 'ground-floor.pdf', `${'T'.repeat(230)} · Floor plan · ground-fl`],
  ])('names the variant of %s (%s, %s) %j', (title, kind, filename, name) => {
    expect(variantName(title, kind, filename)).toBe(name);
  });

  it.each<[string, Record<string, unknown> | null | undefined, string[] | null]>([
    ['none sent', undefined, []],
    ['an empty map', {}, []],
    ['one file', { 0: { id: FILE_A } }, [FILE_A]],
    ['two, in index order', { 1: { id: FILE_B }, 0: { id: FILE_A } }, [FILE_A, FILE_B]],
    ['an id in capitals, lower-cased', { 0: { id: FILE_A.toUpperCase() } }, [FILE_A]],
    ['a gap in the indexes', { 0: { id: FILE_A }, 2: { id: FILE_B } }, null],
    ['an index not from 0', { 1: { id: FILE_A } }, null],
    ['an entry without an id', { 0: {} }, null],
    ['an entry that is not an object', { 0: FILE_A }, null],
    ['a null entry', { 0: null }, null],
    ['null: the empty field, no files', null, []],
    ['an id that is not a UUID', { 0: { id: 'file-1' } }, null],
    ['an id that is a number', { 0: { id: 7 } }, null],
    ['the same file twice', { 0: { id: FILE_A }, 1: { id: FILE_A.toUpperCase() } }, null],
    [
      'twenty files',
      Object.fromEntries(Array.from({ length: 20 }, (_, index) => [index, { id: fileId(index) }])),
      Array.from({ length: 20 }, (_, index) => fileId(index)),
    ],
    [
      'twenty-one files',
      Object.fromEntries(Array.from({ length: 21 }, (_, index) => [index, { id: fileId(index) }])),
      null,
    ],
  ])('supporting files: %s', (_what, map, ids) => {
    expect(supportingFileIds(map)).toEqual(ids);
  });

  it.each<[string, boolean]>([
    ['0190f0f0-0000-7000-8000-000000000001', true],
    ['a', true],
    ['!~', true],
    ['k'.repeat(255), true],
    ['', false],
    ['k'.repeat(256), false],
    ['has space', false],
    ['tab\there', false],
    ['café', false],
    ['line\n', false],
  ])('Idempotency-Key %j is accepted: %s', (key, accepted) => {
    expect(IDEMPOTENCY_KEY.test(key)).toBe(accepted);
  });

  describe('what a placing asks for', () => {
    const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

    it.each<[string, string, { kind: OrderKind; instructions?: string }, unknown[]]>([
      ['a plain order', PROVIDER, { kind: 'floorplan' }, [PROVIDER, 'floorplan', '']],
      [
        'empty instructions, as none',
        PROVIDER,
        { kind: 'floorplan', instructions: '' },
        [PROVIDER, 'floorplan', ''],
      ],
      [
        'the property in capitals, as the same property',
        PROVIDER.toUpperCase(),
        { kind: 'trueplan', instructions: 'Both floors' },
        [PROVIDER, 'trueplan', 'Both floors'],
      ],
    ])('%s', (_what, propertyId, fields, parts) => {
      expect(placingHash(propertyId, fields)).toBe(hashOf(parts));
    });

    it.each<[string, string, { kind: OrderKind; instructions?: string }]>([
      ['another property', ANOTHER_PROVIDER, { kind: 'floorplan' }],
      ['another kind', PROVIDER, { kind: 'schematic_floorplan' }],
      ['other instructions', PROVIDER, { kind: 'floorplan', instructions: 'Garage too' }],
    ])('tells %s apart', (_what, propertyId, fields) => {
      expect(placingHash(propertyId, fields)).not.toBe(placingHash(PROVIDER, { kind: 'floorplan' }));
    });
  });
});

describe('photo retouching', () => {
  const PHOTO = fileId(1).toUpperCase();

  it('asks a retouching order for its photos and options, and a floor plan for neither', () => {
    expect(retouchWork({ kind: 'floorplan' })).toBeNull();
    expect(retouchWork({ kind: 'floorplan', retouchOptions: ['sky_replacement'] })).toEqual({
      field: 'retouchOptions',
      message: 'is for photo retouching only: leave it out when ordering a floor plan',
    });
    expect(retouchWork({ kind: 'photo_retouching', retouchOptions: ['sky_replacement'] })).toEqual({
      field: 'photoIds',
      message: 'must list the photos to retouch',
    });
    expect(retouchWork({ kind: 'photo_retouching', photoIds: [PHOTO] })).toEqual({
      field: 'retouchOptions',
      message: 'must list what to do to the photos',
    });
    expect(
      retouchWork({
        kind: 'photo_retouching',
        photoIds: [PHOTO, PHOTO.toLowerCase()],
        retouchOptions: ['sky_replacement'],
      }),
    ).toEqual({ field: 'photoIds', message: 'lists a photo twice' });
    expect(
      retouchWork({
        kind: 'photo_retouching',
        photoIds: [PHOTO],
        retouchOptions: ['sky_replacement', 'sky_replacement', 'object_removal'],
      }),
    ).toEqual({
      photoIds: [PHOTO.toLowerCase()],
      options: ['sky_replacement', 'object_removal'],
      delivery: 'beside',
    });
  });

  it('names the originals apart, whatever their case', () => {
    expect(originalNames(['IMG_1.jpg', 'img_1.JPG', 'IMG_1.png', 'kitchen', 'kitchen'])).toEqual([
      'IMG_1.jpg',
      'img_1-2.JPG',
      'IMG_1-3.png',
      'kitchen',
      'kitchen-2',
    ]);
  });

  it('matches each retouched photo to its original by name, and says what is missing or extra', () => {
    const originals = [
      { filename: 'IMG_1.jpg', photoId: 'p1' },
      { filename: 'IMG_2.jpg', photoId: 'p2' },
      { filename: 'notes.pdf', photoId: null },
    ];
    const first = { filename: 'img_1.PNG' };
    expect(matchRetouched(originals, [first, { filename: 'IMG_2.jpg' }], true)).toEqual({
      matched: [
        { file: first, photoId: 'p1' },
        { file: { filename: 'IMG_2.jpg' }, photoId: 'p2' },
      ],
      problems: [],
    });
    expect(
      matchRetouched(originals, [first, { filename: 'IMG_1.jpg' }, { filename: 'notes.jpg' }], true).problems,
    ).toEqual([
      'img_1.PNG and IMG_1.jpg both retouch IMG_1.jpg: deliver one.',
      "notes.jpg is not one of this order's photos: name each retouched photo after its original.",
      'No retouched photo yet for IMG_2.jpg: deliver one for every photo.',
    ]);
    // An amendment redoes some of the photos.
    expect(matchRetouched(originals, [first], false).problems).toEqual([]);
  });
});

describe('the workshop assistant', () => {
  it.each<[string, Parameters<typeof workshopWork>[0], ReturnType<typeof workshopWork>]>([
    ['another kind sends no tasks', { kind: 'floorplan', instructions: 'Both floors' }, null],
    [
      'another kind with tasks',
      { kind: 'photo_retouching', workshopTasks: ['menu'] },
      {
        field: 'workshopTasks',
        message: 'is for the workshop assistant only: leave it out for this kind of order',
      },
    ],
    [
      'no tasks',
      { kind: 'workshop_assistant', instructions: 'A menu' },
      { field: 'workshopTasks', message: 'must list what to work on' },
    ],
    [
      'no brief',
      { kind: 'workshop_assistant', workshopTasks: ['menu'], instructions: ' ' },
      { field: 'instructions', message: 'must say what you want done: the brief the staff work from' },
    ],
    [
      'each task once',
      { kind: 'workshop_assistant', workshopTasks: ['menu', 'overlay', 'menu'], instructions: 'Our brand' },
      ['menu', 'overlay'],
    ],
  ])('%s', (_what, fields, work) => {
    expect(workshopWork(fields)).toEqual(work);
  });

  const placedAt = new Date('2026-12-03T10:00:00Z');
  it.each<[string, Date | null, string | null]>([
    [
      'no draft',
      null,
      "The tour has no draft yet: impersonate the provider, edit the property's tour (its changes stay a draft), then deliver.",
    ],
    [
      'a draft saved before the order',
      new Date('2026-12-03T09:59:59Z'),
      "The tour's draft was last saved before this order was placed: save this order's work in the tour as the provider, then deliver.",
    ],
    ['a draft saved since', new Date('2026-12-03T10:00:00Z'), null],
  ])('delivers on %s: %j', (_what, savedAt, problem) => {
    expect(draftProblem(savedAt, placedAt)).toBe(problem);
  });

  it('is worked by the staff, every other kind by its supplier', () => {
    expect(workedByStaff('workshop_assistant')).toBe(true);
    for (const kind of [
      'floorplan',
      'schematic_floorplan',
      'universal_floorplan',
      'trueplan',
      'photo_retouching',
    ] as const)
      expect(workedByStaff(kind)).toBe(false);
  });

  it.each<[OrderKind, OrderDrawer, string | null]>([
    ['workshop_assistant', 'staff', null],
    ['workshop_assistant', 'supplier', STAFF_WORK],
    ['workshop_assistant', 'matterport', NOT_MATTERPORTS_KIND],
    ['floorplan', 'supplier', null],
    ['floorplan', 'staff', WORKSHOP_ONLY],
    ['floorplan', 'matterport', NOT_MATTERPORTS_KIND],
    ['schematic_floorplan', 'matterport', null],
    ['photo_retouching', 'supplier', null],
    ['photo_retouching', 'staff', WORKSHOP_ONLY],
  ])('has a %s order worked by %s: %s', (kind, drawnBy, problem) => {
    expect(drawerProblem(drawnBy, kind)).toBe(problem);
  });

  it('is worked, unless Matterport is asked, by the staff for the workshop and a supplier for the rest', () => {
    expect(drawerOf('workshop_assistant')).toBe('staff');
    expect(drawerOf('trueplan')).toBe('supplier');
    expect(drawerOf('photo_retouching')).toBe('supplier');
  });

  it('tells placings with other tasks apart, in whatever order they are listed', () => {
    const fields = { kind: 'workshop_assistant' as const, instructions: 'Our brand' };
    expect(placingHash(PROPERTY, fields, null, ['menu', 'overlay'])).toBe(
      placingHash(PROPERTY, fields, null, ['overlay', 'menu']),
    );
    expect(placingHash(PROPERTY, fields, null, ['menu'])).not.toBe(
      placingHash(PROPERTY, fields, null, ['overlay']),
    );
  });
});

function fileId(index: number): string {
  return `0190f0f0-0000-7000-8000-${String(index).padStart(12, '0')}`;
}
