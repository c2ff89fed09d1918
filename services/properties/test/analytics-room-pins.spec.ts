import { ANALYTICS_MESSAGES } from '@tourly/contracts';
import {
  NOT_A_FLOORPLAN,
  NOT_A_FLOORPLAN_IMAGE,
  PLACED_TWICE,
} from '../src/analytics/analytics-room-pins.rules';
import { seedDemoHeatMap } from '../src/seed/demo-analytics';
import { aProperty, aTemporaryUpload, png, pdf } from './media-support';
import { shareTour, startProperties, type Person, type PropertiesAlone } from './support';

interface Pin {
  room: string;
  floor: number | null;
  floorplan_id: string;
  x: number;
  y: number;
}

/**
 * The heat map's room pins (issue 33): where the provider placed each room on one of the property's floor-plan
 * images, read and replaced whole through `.../analytics/room_pins`, on a paid plan, by the property's provider only;
 * deleting a floor plan takes its pins with it.
 */
describe('analytics room pins', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let propertyId: string;
  let ground: string;
  let upstairs: string;
  let brochure: string;

  const path = (id = propertyId) => `/provider/properties/${id}/analytics/room_pins`;
  const pinsOf = async (person: Person = provider, id = propertyId): Promise<Pin[]> => {
    const answer = await person.get(path(id));
    expect(answer.status).toBe(200);
    return answer.body.data as Pin[];
  };
  const put = (roomPins: unknown, person: Person = provider, id = propertyId) =>
    person.send('put', path(id), { room_pins: roomPins });

  /** The property's floor plans from these files, as the Floorplans section adds them: their ids, in order. */
  const floorplansFrom = async (
    person: Person,
    id: string,
    files: Array<{ filename: string; content: Buffer }>,
  ): Promise<string[]> => {
    const uploads: string[] = [];
    for (const file of files) uploads.push(await aTemporaryUpload(it_, person, file));
    const added = await person.send('post', `/provider/properties/${id}/floorplans/upload_multiple`, {
      floorplan: { temporary_upload_ids: uploads },
    });
    expect(added.status).toBe(201);
    return (added.body.data as Array<{ id: string }>).map((floorplan) => floorplan.id);
  };

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Pins Media');
    other = await it_.signUp('Other Pins Media');
    propertyId = await aProperty(provider, 'Pinned House');
    // Starter, as billing announces it: the analytics (and so the heat map) come with a paid plan.
    await shareTour(it_, provider, propertyId);
    [ground, upstairs, brochure] = await floorplansFrom(provider, propertyId, [
      { filename: 'ground.png', content: await png(400, 300) },
      { filename: 'upstairs.png', content: await png(400, 300) },
      { filename: 'brochure.pdf', content: pdf() },
    ]);
  });
  afterAll(() => it_.stop());

  it('stores the pins placed and answers them, in the floor plans’ order; a new list replaces them all', async () => {
    expect(await pinsOf()).toEqual([]);
    const placed = [
      { room: 'Master bedroom', floor: 1, floorplan_id: upstairs, x: 0.25, y: 0.75 },
      { room: 'Kitchen', floor: 0, floorplan_id: ground, x: 0.5, y: 0.125 },
      { room: 'Living room', floor: 0, floorplan_id: ground, x: 0, y: 1 },
      // A room the player reported without a floor.
      { room: 'Garden', floorplan_id: ground, x: 0.9, y: 0.9 },
    ];
    const saved = await put(placed);
    expect(saved.status).toBe(200);
    const expected = [
      { room: 'Garden', floor: null, floorplan_id: ground, x: 0.9, y: 0.9 },
      { room: 'Kitchen', floor: 0, floorplan_id: ground, x: 0.5, y: 0.125 },
      { room: 'Living room', floor: 0, floorplan_id: ground, x: 0, y: 1 },
      { room: 'Master bedroom', floor: 1, floorplan_id: upstairs, x: 0.25, y: 0.75 },
    ];
    expect(saved.body.data).toEqual(expected);
    expect(await pinsOf()).toEqual(expected);

    // Kitchen moved, Living room and Garden dropped, the bedroom kept, a room of the same name on another floor.
    const replaced = await put([
      { room: 'Kitchen', floor: 0, floorplan_id: ground.toUpperCase(), x: 0.6, y: 0.2 },
      { room: 'Master bedroom', floor: 1, floorplan_id: upstairs, x: 0.25, y: 0.75 },
      { room: 'Kitchen', floor: 1, floorplan_id: upstairs, x: 0.1, y: 0.1 },
    ]);
    expect(replaced.status).toBe(200);
    expect(await pinsOf()).toEqual([
      { room: 'Kitchen', floor: 0, floorplan_id: ground, x: 0.6, y: 0.2 },
      { room: 'Kitchen', floor: 1, floorplan_id: upstairs, x: 0.1, y: 0.1 },
      { room: 'Master bedroom', floor: 1, floorplan_id: upstairs, x: 0.25, y: 0.75 },
    ]);

    const cleared = await put([]);
    expect([cleared.status, cleared.body.data]).toEqual([200, []]);
    expect(await pinsOf()).toEqual([]);
  });

  it('refuses a bad list whole with 422 in words, changing nothing', async () => {
    const kept = [{ room: 'Kitchen', floor: 0, floorplan_id: ground, x: 0.5, y: 0.5 }];
    expect((await put(kept)).status).toBe(200);
    const theirs = await aProperty(other, 'Their House');
    const [theirPlan] = await floorplansFrom(other, theirs, [
      { filename: 'theirs.png', content: await png(200, 200) },
    ]);
    const pin = (fields: Record<string, unknown>) => ({
      room: 'Study',
      floor: 0,
      floorplan_id: ground,
      x: 0.5,
      y: 0.5,
      ...fields,
    });
    const cases: Array<[string, unknown, Record<string, string[]>]> = [
      ['no list', undefined, { room_pins: ['Required'] }],
      ['not a list', { room: 'Study' }, { room_pins: ['Required'] }],
      [
        'more than 200',
        Array.from({ length: 201 }, (_, n) => pin({ room: `Room ${n}` })),
        { room_pins: ['must list at most 200'] },
      ],
      ['text in the list', ['Study'], { room_pins: ['must list objects'] }],
      ['no room', [pin({ room: undefined })], { 'room_pins.0.room': ['Required'] }],
      ['an empty room', [pin({ room: '' })], { 'room_pins.0.room': ['must be 1 to 100 characters'] }],
      [
        'a room of 101 characters',
        [pin({ room: 'r'.repeat(101) })],
        { 'room_pins.0.room': ['must be 1 to 100 characters'] },
      ],
      [
        'a control character',
        [pin({ room: 'Kitchen\u0007' })],
        { 'room_pins.0.room': ['must not hold control characters'] },
      ],
      ['a room as a number', [pin({ room: 7 })], { 'room_pins.0.room': ['must be text'] }],
      ['a fractional floor', [pin({ floor: 1.5 })], { 'room_pins.0.floor': ['must be a whole number'] }],
      ['a floor as text', [pin({ floor: '1' })], { 'room_pins.0.floor': ['must be a whole number'] }],
      ['a floor below 0', [pin({ floor: -1 })], { 'room_pins.0.floor': ['must be at least 0'] }],
      ['a floor above 99', [pin({ floor: 100 })], { 'room_pins.0.floor': ['must be at most 99'] }],
      ['x past the right edge', [pin({ x: 1.01 })], { 'room_pins.0.x': ['must be a number from 0 to 1'] }],
      ['y above the top', [pin({ y: -0.1 })], { 'room_pins.0.y': ['must be a number from 0 to 1'] }],
      ['x as text', [pin({ x: '0.5' })], { 'room_pins.0.x': ['must be a number from 0 to 1'] }],
      ['no y', [pin({ y: undefined })], { 'room_pins.0.y': ['Required'] }],
      ['no floor plan', [pin({ floorplan_id: undefined })], { 'room_pins.0.floorplan_id': ['Required'] }],
      [
        'a floor plan id that is no id',
        [pin({ floorplan_id: 'ground-floor' })],
        { 'room_pins.0.floorplan_id': [NOT_A_FLOORPLAN] },
      ],
      [
        'another provider’s floor plan',
        [kept[0], pin({ floorplan_id: theirPlan })],
        { 'room_pins.1.floorplan_id': [NOT_A_FLOORPLAN] },
      ],
      [
        'a PDF floor plan',
        [pin({ floorplan_id: brochure })],
        { 'room_pins.0.floorplan_id': [NOT_A_FLOORPLAN_IMAGE] },
      ],
      [
        'a photo’s id',
        [pin({ floorplan_id: propertyId })],
        { 'room_pins.0.floorplan_id': [NOT_A_FLOORPLAN] },
      ],
      [
        'a room placed twice on its floor',
        [pin({}), pin({ x: 0.1 })],
        { 'room_pins.1.room': [PLACED_TWICE] },
      ],
    ];
    for (const [name, roomPins, errors] of cases) {
      const answer = await provider.send(
        'put',
        path(),
        roomPins === undefined ? {} : { room_pins: roomPins },
      );
      expect({ name, status: answer.status, body: answer.body }).toEqual({
        name,
        status: 422,
        body: { errors },
      });
    }
    expect(await pinsOf()).toEqual(kept);
  });

  it('answers another provider 404 on both routes and changes nothing; a member reads but does not place', async () => {
    const kept = await pinsOf();
    expect(kept.length).toBeGreaterThan(0);
    await shareTour(it_, other, await aProperty(other, 'Their Paid House'));
    const notFound = { errors: { base: ['Property not found'] } };
    const read = await other.get(path());
    expect([read.status, read.body]).toEqual([404, notFound]);
    const write = await put([], other);
    expect([write.status, write.body]).toEqual([404, notFound]);
    expect(await pinsOf()).toEqual(kept);

    const member = it_.member(provider.providerId, 'member');
    expect(await pinsOf(member)).toEqual(kept);
    expect((await put([], member)).status).toBe(403);
    expect(await pinsOf()).toEqual(kept);
  });

  it('answers the free plan 403 with the analytics’ message', async () => {
    const free = await it_.signUp('Free Pins Media');
    const own = await aProperty(free, 'Free House');
    const [plan] = await floorplansFrom(free, own, [{ filename: 'free.png', content: await png(200, 200) }]);
    const paidOnly = { errors: { base: [ANALYTICS_MESSAGES.paidPlanOnly] } };
    const read = await free.get(path(own));
    expect([read.status, read.body]).toEqual([403, paidOnly]);
    const write = await put([{ room: 'Kitchen', floor: 0, floorplan_id: plan, x: 0.5, y: 0.5 }], free, own);
    expect([write.status, write.body]).toEqual([403, paidOnly]);
  });

  it('drops the pins of a floor plan when it is deleted, keeping the others', async () => {
    expect(
      (
        await put([
          { room: 'Kitchen', floor: 0, floorplan_id: ground, x: 0.5, y: 0.5 },
          { room: 'Balcony', floor: 1, floorplan_id: upstairs, x: 0.8, y: 0.2 },
        ])
      ).status,
    ).toBe(200);
    const deleted = await provider.send(
      'delete',
      `/provider/properties/${propertyId}/floorplans/${upstairs}`,
    );
    expect(deleted.status).toBe(200);
    expect(await pinsOf()).toEqual([{ room: 'Kitchen', floor: 0, floorplan_id: ground, x: 0.5, y: 0.5 }]);
    // Its id is no floor plan any more.
    const again = await put([{ room: 'Balcony', floor: 1, floorplan_id: upstairs, x: 0.8, y: 0.2 }]);
    expect([again.status, again.body]).toEqual([
      422,
      { errors: { 'room_pins.0.floorplan_id': [NOT_A_FLOORPLAN] } },
    ]);
  });

  it('gives a demo property (npm start) two floor plans with the seeded rooms placed on them, once', async () => {
    const demo = await aProperty(provider, 'Demo Heat House');
    expect(await seedDemoHeatMap(it_.service.app, provider.providerId, demo)).toBe(6);
    const plans = (await provider.get(`/provider/properties/${demo}/floorplans`).expect(200)).body
      .data as Array<{
      id: string;
      name: string;
      content_type: string;
      width: number;
    }>;
    expect(plans.map((plan) => [plan.name, plan.content_type, plan.width])).toEqual([
      ['Ground floor', 'image/png', 800],
      ['First floor', 'image/png', 800],
    ]);
    const [groundFloor, firstFloor] = plans.map((plan) => plan.id);
    expect((await pinsOf(provider, demo)).map((pin) => [pin.room, pin.floor, pin.floorplan_id])).toEqual([
      ['Bathroom', 0, groundFloor],
      ['Kitchen', 0, groundFloor],
      ['Living room', 0, groundFloor],
      ['Study', 0, groundFloor],
      ['Balcony', 1, firstFloor],
      ['Master bedroom', 1, firstFloor],
    ]);
    // Again (a restart): nothing more.
    expect(await seedDemoHeatMap(it_.service.app, provider.providerId, demo)).toBe(0);
    expect((await provider.get(`/provider/properties/${demo}/floorplans`)).body.data).toHaveLength(2);
  });
});
