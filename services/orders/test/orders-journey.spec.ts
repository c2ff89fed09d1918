import { MESSAGES, ORDER_CREDITS } from '@tourly/contracts';
import { Database, rows } from '@tourly/platform';
import { eventually, nextDelivery } from '@tourly/platform/testing';
import { matterportAccountModels } from '@tourly/emulators';
import { connectMatterport } from '../../../test/support/matterport';
import { OrderNumbersPerProvider1764140000000 } from '../src/migrations/1764140000000-order-numbers-per-provider';
import { PlacedStep1764150000000 } from '../src/migrations/1764150000000-placed-step';
import {
  anotherSupplier,
  aProperty,
  balanceOf,
  demoSupplierId,
  giveCredits,
  ordersSettled,
  PNG,
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from './support';

/**
 * A floor plan from placing to delivery on the whole platform (NATS JetStream, billing's credits, properties'
 * floor plans, identity's suppliers), as each party does it through the gateway; and every refusal on the way.
 */
describe('floor-plan orders', () => {
  let it_: PlatformWithEmulators;
  let admin: Person;
  let va: Person;
  let supplier: Person;
  let provider: Person;
  let propertyId: string;
  let supplierId: string;

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators({ s3: true });
    [admin, va, supplier] = await Promise.all([
      it_.signIn('admin@demo.test'),
      it_.signIn('va@demo.test'),
      it_.signIn('supplier@demo.test'),
    ]);
    provider = await it_.signUp('Orders Harbour Media');
    await giveCredits(admin, provider.providerId, 200);
    propertyId = await aProperty(provider, '7 Lighthouse Lane');
    supplierId = await demoSupplierId(va);
  });
  afterAll(() => it_.stop());

  const place = (person: Person, kind = 'floorplan', property = propertyId) =>
    person.send('post', `/provider/properties/${property}/floorplan_orders`, {
      floorplan_order: { kind, instructions: 'Both levels, please' },
    });
  const supplierDoes = (id: string, action: string, body?: object) =>
    supplier.send('post', `/external_supplier/floorplan_orders/${id}/${action}`, body);
  const deliver = (person: Person, id: string, name = 'plan.png') =>
    person
      .send('post', `/external_supplier/floorplan_orders/${id}/upload`)
      .attach('floorplan_file[file]', PNG, { filename: name, contentType: 'image/png' });

  async function anAssignedOrder(kind = 'floorplan'): Promise<string> {
    const placed = await place(provider, kind).expect(201);
    const id = placed.body.data.id as string;
    await va
      .send('post', `/virtual_assistant/portal_order_requests/${id}/assign`, { supplier_id: supplierId })
      .expect(201);
    return id;
  }

  it('goes from placed to delivered: the plan lands on the property and the credits are spent once', async () => {
    const before = await balanceOf(provider);
    const placed = await provider
      .send('post', '/provider/orders/floorplan_orders.json', {
        floorplan_order: { property_id: propertyId, kind: 'floorplan', instructions: 'Ground floor only' },
      })
      .expect(201);
    const order = placed.body.data;
    expect(order).toMatchObject({
      status: 'placed',
      kind: 'floorplan',
      credits: ORDER_CREDITS.floorplan,
      property_title: '7 Lighthouse Lane',
      steps: [expect.objectContaining({ step: 'placed' })],
    });
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - ORDER_CREDITS.floorplan,
      reserved_balance: before.reserved_balance + ORDER_CREDITS.floorplan,
    });

    // The virtual assistant finds it in the floor-plans queue, by status and by the property's title.
    const queue = await va
      .get('/virtual_assistant/floorplan_orders/new_index.json?status=placed&search=lighthouse')
      .expect(200);
    expect(queue.body.data.items.map((item: { id: string }) => item.id)).toContain(order.id);
    const schematic = await va.get('/virtual_assistant/schematic_floorplan_orders.json').expect(200);
    expect(schematic.body.data.items.map((item: { id: string }) => item.id)).not.toContain(order.id);

    // Not the supplier's until assigned.
    await supplier.get(`/external_supplier/floorplan_orders/${order.id}`).expect(404);
    await va
      .send('post', `/virtual_assistant/portal_order_requests/${order.id}/assign`, {
        supplier_id: supplierId,
      })
      .expect(201);
    const assigned = await supplier.get('/external_supplier/floorplan_orders').expect(200);
    expect(assigned.body.data.items.map((item: { id: string }) => item.id)).toContain(order.id);

    await supplierDoes(order.id, 'start').expect(201);
    const template = await supplier.get(`/external_supplier/floorplan_orders/${order.id}/floorplan_template`);
    expect(template.status).toBe(200);
    expect(template.body.data).toMatchObject({ template: 'classic', units: 'metric', configured: false });
    const early = await supplierDoes(order.id, 'finalise').expect(422);
    expect(early.body.errors.base).toEqual(['Upload the floor plan before finalising the order.']);
    expect((await supplierDoes(order.id, 'validate').expect(201)).body.data).toEqual({
      ready: false,
      problems: ['Upload the floor plan before finalising the order.'],
    });
    const file = await deliver(supplier, order.id, 'lighthouse-lane.png').expect(201);
    expect(file.body.data).toMatchObject({
      role: 'delivered',
      filename: 'lighthouse-lane.png',
      content_type: 'image/png',
    });

    const attached = nextDelivery(it_.platform.services.properties, 'orders.order.finalised.v1');
    const finalised = await supplierDoes(order.id, 'finalise').expect(201);
    expect(finalised.body.data.status).toBe('delivered');
    await attached;
    await ordersSettled(it_);

    const floorplans = await provider.get(`/provider/properties/${propertyId}/floorplans`).expect(200);
    expect(floorplans.body.data).toEqual([
      expect.objectContaining({ name: expect.stringContaining('lighthouse-lane') }),
    ]);
    expect(await balanceOf(provider)).toEqual(
      expect.objectContaining({
        available_balance: before.available_balance - ORDER_CREDITS.floorplan,
        reserved_balance: before.reserved_balance,
      }),
    );
    const spends = await rows<{ kind: string }>(
      it_.billingDb.dataSource,
      `SELECT kind FROM credit_ledger WHERE reference = $1 ORDER BY id`,
      [`order:${order.id}`],
    );
    expect(spends.map((row) => row.kind)).toEqual(['spend']);
    const reservation = await rows<{ status: string }>(
      it_.billingDb.dataSource,
      'SELECT status FROM credit_reservations WHERE reference = $1',
      [`order:${order.id}`],
    );
    expect(reservation).toEqual([{ status: 'captured' }]);

    // The provider follows the steps and sees its plan among its variants.
    const detail = await provider.get(`/provider/floorplan_orders/${order.id}`).expect(200);
    expect(detail.body.data.steps.map((step: { step: string }) => step.step)).toEqual([
      'placed',
      'assigned',
      'in_progress',
      'delivered',
    ]);
    expect(detail.body.data.delivered_at).toEqual(expect.any(String));
    const variants = await provider
      .get('/provider/orders/floorplan_variants.json?search=lighthouse')
      .expect(200);
    expect(variants.body.data.items).toHaveLength(1);
    const link = await provider
      .send('post', '/provider/floorplan_editor/download', {
        floorplan_variant_id: variants.body.data.items[0].id,
      })
      .expect(201);
    expect(link.body.data).toMatchObject({
      filename: 'lighthouse-lane.png',
      url: expect.stringContaining('http'),
    });
  });

  it("numbers each provider's orders from 1, never two of one provider's alike even placed at once", async () => {
    const [north, south] = await Promise.all([
      it_.signUp('Numbers North Media'),
      it_.signUp('Numbers South Media'),
    ]);
    await Promise.all([giveCredits(admin, north.providerId, 100), giveCredits(admin, south.providerId, 100)]);
    const [northProperty, southProperty] = await Promise.all([
      aProperty(north, '1 North Road'),
      aProperty(south, '2 South Road'),
    ]);
    const placed = async (person: Person, property: string) =>
      (await place(person, 'floorplan', property).expect(201)).body.data as { id: string; number: number };

    // Each provider counts its own orders: nothing tells it how many others placed.
    const northFirst = await placed(north, northProperty);
    const southFirst = await placed(south, southProperty);
    const northSecond = await placed(north, northProperty);
    const southSecond = await placed(south, southProperty);
    expect([northFirst.number, northSecond.number]).toEqual([1, 2]);
    expect([southFirst.number, southSecond.number]).toEqual([1, 2]);

    // Placed at the same moment, each gets a number of its own, the next ones.
    const atOnce = await Promise.all(
      Array.from({ length: 6 }, () => place(north, 'schematic_floorplan', northProperty)),
    );
    expect(atOnce.map((response) => response.status)).toEqual(Array(6).fill(201));
    const numbers = atOnce.map((response) => response.body.data.number as number);
    expect(numbers.sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8]);
    const listed = await north.get('/provider/floorplan_orders?page_size=100').expect(200);
    expect(listed.body.data.items.map((order: { number: number }) => order.number)).toEqual([
      8, 7, 6, 5, 4, 3, 2, 1,
    ]);

    // A provider's search of a number finds its own order; the virtual assistant's finds every provider's order
    // of that number, each with its property.
    const own = await north.get('/provider/floorplan_orders?search=%232').expect(200);
    expect(own.body.data.items.map((order: { id: string }) => order.id)).toEqual([northSecond.id]);
    const queue = await va
      .get('/virtual_assistant/floorplan_orders/new_index.json?search=%232&page_size=100')
      .expect(200);
    const found = queue.body.data.items as Array<{ id: string; number: number; property_title: string }>;
    expect(found.every((order) => order.number === 2)).toBe(true);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: northSecond.id, property_title: '1 North Road' }),
        expect.objectContaining({ id: southSecond.id, property_title: '2 South Road' }),
      ]),
    );
  });

  it('renumbers the orders placed before, each provider from 1 in the order they were placed', async () => {
    const [east, west] = await Promise.all([
      it_.signUp('Numbers East Media'),
      it_.signUp('Numbers West Media'),
    ]);
    await Promise.all([giveCredits(admin, east.providerId, 100), giveCredits(admin, west.providerId, 100)]);
    const [eastProperty, westProperty] = await Promise.all([
      aProperty(east, '3 East Road'),
      aProperty(west, '4 West Road'),
    ]);
    for (const [person, property] of [
      [east, eastProperty],
      [west, westProperty],
      [provider, propertyId],
      [east, eastProperty],
    ] as const)
      await place(person, 'floorplan', property).expect(201);
    const numbersOf = async (person: Person) =>
      (await person.get('/provider/floorplan_orders?page_size=100').expect(200)).body.data.items
        .map((order: { number: number }) => order.number)
        .reverse() as number[];

    // The orders as they were before: one sequence across the platform, then the migration again.
    const runner = it_.platform.services.orders.app.get(Database).dataSource.createQueryRunner();
    const migration = new OrderNumbersPerProvider1764140000000();
    try {
      await migration.down(runner);
      const [eastOld, westOld] = [await numbersOf(east), await numbersOf(west)];
      expect(westOld).toEqual([eastOld[0]! + 1]);
      expect(eastOld[1]).toBe(eastOld[0]! + 3);
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    expect(await numbersOf(east)).toEqual([1, 2]);
    expect(await numbersOf(west)).toEqual([1]);
    const before = await numbersOf(provider);
    expect(before).toEqual(before.map((_, index) => index + 1));
    // And each provider goes on from its own last number.
    expect((await place(east, 'floorplan', eastProperty).expect(201)).body.data.number).toBe(3);
    expect((await place(west, 'floorplan', westProperty).expect(201)).body.data.number).toBe(2);
    expect((await place(provider).expect(201)).body.data.number).toBe(before.length + 1);
  });

  it('says placed, as the status does, for the first step of the orders placed before the word changed', async () => {
    const id = (await place(provider).expect(201)).body.data.id as string;
    const ordersDb = it_.platform.services.orders.app.get(Database);
    const runner = ordersDb.dataSource.createQueryRunner();
    const migration = new PlacedStep1764150000000();
    try {
      await migration.down(runner);
      expect(
        await rows(ordersDb.dataSource, 'SELECT step FROM order_steps WHERE order_id = $1', [id]),
      ).toEqual([{ step: 'received' }]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const detail = await provider.get(`/provider/floorplan_orders/${id}`).expect(200);
    expect(detail.body.data).toMatchObject({
      status: 'placed',
      steps: [expect.objectContaining({ step: 'placed' })],
    });
  });

  it('refuses an order the credits cannot pay for, holding nothing', async () => {
    const poor = await it_.signUp('Poor Media');
    const property = await aProperty(poor, '1 Empty Street');
    const refused = await place(poor, 'trueplan', property).expect(422);
    expect(refused.body.errors.base).toEqual([MESSAGES.notEnoughCredits]);
    expect(await balanceOf(poor)).toMatchObject({ available_balance: 0, reserved_balance: 0 });
    const listed = await poor.get('/provider/floorplan_orders').expect(200);
    expect(listed.body.data.total_count).toBe(0);
  });

  it('places one order for a key sent twice, even at the same moment, and refuses the key for another order', async () => {
    const before = await balanceOf(provider);
    const withKey = (key: string, kind = 'floorplan') => place(provider, kind).set('idempotency-key', key);
    const first = await withKey('key-once').expect(201);
    const again = await withKey('key-once').expect(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const other = await withKey('key-once', 'trueplan').expect(422);
    expect(other.body.errors.base[0]).toMatch(/already sent with a different order/);
    const racing = await Promise.all([withKey('key-race'), withKey('key-race'), withKey('key-race')]);
    expect(racing.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(new Set(racing.map((response) => response.body.data.id)).size).toBe(1);
    await withKey('').expect(422);
    await withKey('x'.repeat(256)).expect(422);
    expect(await balanceOf(provider)).toMatchObject({
      reserved_balance: before.reserved_balance + 2 * ORDER_CREDITS.floorplan,
    });
  });

  it('warns about a password-protected space before holding any credit', async () => {
    // Known only in the provider's own Matterport account: the emulator's Demo Scans, whose newest model has a password.
    await connectMatterport(it_.base, provider, 'demo-scans');
    const locked = matterportAccountModels('demo-scans').find((model) => model.visibility === 'password')!;
    const created = await provider
      .send('post', '/provider/properties', {
        create_tour_params: {
          title: 'Locked Loft',
          address: '3 Key Street',
          matterport_key: locked.id,
        },
      })
      .expect(201);
    const before = await balanceOf(provider);
    const refused = await place(provider, 'floorplan', created.body.data.id).expect(422);
    expect(refused.body.errors.base[0]).toMatch(/password-protected/);
    expect(await balanceOf(provider)).toEqual(before);
  });

  it('answers 409 to every move its status does not allow, and lets only one of two at once win', async () => {
    const id = await anAssignedOrder();
    await supplierDoes(id, 'pause').expect(409);
    await supplierDoes(id, 'finalise').expect(409);
    await supplierDoes(id, 'start').expect(201);
    await supplierDoes(id, 'start').expect(409);
    const both = await Promise.all([supplierDoes(id, 'pause'), supplierDoes(id, 'pause')]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(both.find((response) => response.status === 409)!.body.errors.base).toEqual([
      'This order is paused: it cannot be paused.',
    ]);
    await supplierDoes(id, 'finalise').expect(409);
    await supplierDoes(id, 'start').expect(201);
    await deliver(supplier, id).expect(201);
    await supplierDoes(id, 'finalise').expect(201);
    await supplierDoes(id, 'cancel', { cancellation_reason: 'Too late' }).expect(409);
    await supplierDoes(id, 'start').expect(409);
    await deliver(supplier, id).expect(409);
    await va
      .send('post', `/virtual_assistant/portal_order_requests/${id}/assign`, { supplier_id: supplierId })
      .expect(409);
  });

  it('cancels with a reason and gives the credits back', async () => {
    const before = await balanceOf(provider);
    const id = await anAssignedOrder('schematic_floorplan');
    const missing = await va
      .send('post', `/virtual_assistant/portal_order_requests/${id}/cancel`, {})
      .expect(422);
    expect(missing.body.errors.cancellation_reason).toEqual([MESSAGES.required]);
    const cancelled = await va
      .send('post', `/virtual_assistant/portal_order_requests/${id}/cancel`, {
        cancellation_reason: 'The space is being rescanned',
      })
      .expect(201);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'The space is being rescanned',
    });
    await ordersSettled(it_);
    expect(await balanceOf(provider)).toEqual(before);
    const queue = await va
      .get('/virtual_assistant/schematic_floorplan_orders.json?status=cancelled&page_size=100')
      .expect(200);
    expect(queue.body.data.items.map((item: { id: string }) => item.id)).toContain(id);
  });

  it('lets the provider cancel only before work starts', async () => {
    const id = await anAssignedOrder();
    await supplierDoes(id, 'start').expect(201);
    const refused = await provider
      .send('post', `/provider/floorplan_orders/${id}/cancel`, { cancellation_reason: 'Changed my mind' })
      .expect(409);
    expect(refused.body.errors.base[0]).toMatch(/ask the team/);
    const other = (await place(provider).expect(201)).body.data.id as string;
    await provider
      .send('post', `/provider/floorplan_orders/${other}/cancel`, { cancellation_reason: 'Ordered twice' })
      .expect(201);
  });

  it('amends a delivered order as new work with its supporting files, in the amendments queue', async () => {
    const id = await anAssignedOrder();
    await supplierDoes(id, 'start').expect(201);
    await deliver(supplier, id).expect(201);
    await supplierDoes(id, 'finalise').expect(201);
    const sketch = await provider
      .send('post', `/opw_resources/${id}/files`)
      .attach('file', PNG, { filename: 'sketch.png', contentType: 'image/png' })
      .expect(201);
    const badMap = await provider
      .send('post', `/provider/floorplan_orders/${id}/amend`, {
        amendment_form: { notes: 'Move the door', supporting_files: { 1: { id: sketch.body.data.id } } },
      })
      .expect(422);
    expect(Object.keys(badMap.body.errors)).toEqual(['amendment_form.supporting_files']);
    const amended = await provider
      .send('post', `/provider/floorplan_orders/${id}/amend`, {
        amendment_form: { notes: 'Move the door', supporting_files: { 0: { id: sketch.body.data.id } } },
      })
      .expect(201);
    expect(amended.body.data).toMatchObject({
      amends_order_id: id,
      status: 'placed',
      credits: 0,
      instructions: 'Move the door',
      supplier_id: supplierId,
      files: [expect.objectContaining({ role: 'supporting', filename: 'sketch.png' })],
    });
    const queue = await va.get('/virtual_assistant/amendments/floor_plans.json?status=placed').expect(200);
    expect(queue.body.data.items.map((item: { id: string }) => item.id)).toContain(amended.body.data.id);
    const original = await provider.get(`/provider/floorplan_orders/${id}`).expect(200);
    expect(original.body.data.steps.at(-1)).toMatchObject({ step: 'amendment', note: 'Move the door' });
    expect(original.body.data.amendments).toEqual([expect.objectContaining({ id: amended.body.data.id })]);
    await va.get('/virtual_assistant/amendments/kitchens.json').expect(404);

    // The amendment's plan names the order it amends, so the back office opens it in the amendments queue.
    const amendmentId = amended.body.data.id as string;
    await supplierDoes(amendmentId, 'start').expect(201);
    await deliver(supplier, amendmentId, 'door-moved.png').expect(201);
    await supplierDoes(amendmentId, 'finalise').expect(201);
    const plans = await admin.get('/admin/floorplan_variants.json?search=door-moved').expect(200);
    expect(plans.body.data.items).toEqual([
      expect.objectContaining({ order_id: amendmentId, amends_order_id: id, filename: 'door-moved.png' }),
    ]);
  });

  it('puts an amendment’s plan in place of the one of the same file name its line delivered, and adds another name', async () => {
    await giveCredits(admin, provider.providerId, ORDER_CREDITS.floorplan);
    const property = await aProperty(provider, '3 Amended Way');
    const id = (await place(provider, 'floorplan', property).expect(201)).body.data.id as string;
    await va
      .send('post', `/virtual_assistant/portal_order_requests/${id}/assign`, { supplier_id: supplierId })
      .expect(201);
    /** The supplier starts `orderId`, delivers a plan under each name, and finalises it. */
    async function delivers(orderId: string, names: string[]): Promise<void> {
      await supplierDoes(orderId, 'start').expect(201);
      for (const name of names) await deliver(supplier, orderId, name).expect(201);
      await supplierDoes(orderId, 'finalise').expect(201);
    }
    const amend = async (orderId: string) =>
      (
        await provider
          .send('post', `/provider/floorplan_orders/${orderId}/amend`, {
            amendment_form: { notes: 'The stairs are on the wrong side' },
          })
          .expect(201)
      ).body.data.id as string;
    const plansOf = async () =>
      (await provider.get(`/provider/properties/${property}/floorplans`).expect(200)).body.data as Array<{
        id: string;
        position: number;
        file_id: string;
        filename: string;
      }>;
    const listed = (plans: Awaited<ReturnType<typeof plansOf>>) =>
      plans.map((plan) => [plan.id, plan.position, plan.filename]);

    await delivers(id, ['ground.png', 'upper.png']);
    const delivered = await eventually(
      plansOf,
      (plans) => plans.length === 2,
      'the two plans on the property',
    );

    // The amendment redoes the upper floor (its name in another case) and adds a garage: two plans changed, not four.
    const amendment = await amend(id);
    await delivers(amendment, ['Upper.png', 'garage.png']);
    const amended = await eventually(plansOf, (plans) => plans.length === 3, 'the garage added');
    expect(listed(amended)).toEqual([
      [delivered[0]!.id, 1, 'ground.png'],
      [delivered[1]!.id, 2, 'Upper.png'],
      [expect.any(String), 3, 'garage.png'],
    ]);
    expect(amended[0]!.file_id).toBe(delivered[0]!.file_id);
    expect(amended[1]!.file_id).not.toBe(delivered[1]!.file_id);

    // An amendment of that amendment redoes the garage the amendment added: in its place.
    await delivers(await amend(amendment), ['garage.png']);
    const again = await eventually(
      plansOf,
      (plans) => plans[2]?.file_id !== amended[2]!.file_id,
      'the garage drawn again',
    );
    expect(listed(again)).toEqual(listed(amended));
    // Every delivery is still among the provider's floor-plan variants.
    const variants = await provider
      .get(`/provider/orders/floorplan_variants.json?filters[property_id]=${property}`)
      .expect(200);
    expect(variants.body.data.total_count).toBe(5);
  });

  it('keeps each order to its parties: another provider, another supplier, client users get 404', async () => {
    const id = await anAssignedOrder();
    const stranger = await it_.signUp('Stranger Media');
    const otherSupplier = await anotherSupplier(it_, `other.supplier.${Date.now()}@demo.test`);
    await stranger.get(`/provider/floorplan_orders/${id}`).expect(404);
    await stranger.get(`/opw_resources/${id}/comments`).expect(404);
    await stranger
      .send('post', `/provider/floorplan_orders/${id}/cancel`, { cancellation_reason: 'x' })
      .expect(404);
    await otherSupplier.get(`/external_supplier/floorplan_orders/${id}`).expect(404);
    await otherSupplier.send('post', `/external_supplier/floorplan_orders/${id}/start`).expect(404);
    await otherSupplier.get(`/opw_resources/${id}/comments`).expect(404);
    const theirs = await otherSupplier.get('/external_supplier/floorplan_orders').expect(200);
    expect(theirs.body.data.total_count).toBe(0);
    const strangerProperty = await aProperty(stranger, '9 Elsewhere');
    await place(provider, 'floorplan', strangerProperty).expect(404);
    // Roles: providers are not back office, suppliers are not virtual assistants.
    await provider.get('/virtual_assistant/floorplan_orders/new_index.json').expect(403);
    await supplier.get('/virtual_assistant/floorplan_orders/new_index.json').expect(403);
    await va.get('/external_supplier/floorplan_orders').expect(403);
    await provider.get(`/admin/providers/${provider.providerId}/orders`).expect(403);
  });

  it('holds comments per order, deleted only by their author or an admin', async () => {
    const id = await anAssignedOrder();
    const attachment = await provider
      .send('post', `/opw_resources/${id}/files`)
      .attach('file', PNG, { filename: 'door.png', contentType: 'image/png' })
      .expect(201);
    const said = await provider
      .send('post', `/opw_resources/${id}/comments`, {
        comment: { body: 'The door is on the left', attachments: [{ id: attachment.body.data.id }] },
      })
      .expect(201);
    expect(said.body.data).toMatchObject({
      body: 'The door is on the left',
      author_role: 'provider',
      author_name: expect.any(String),
      attachments: [
        expect.objectContaining({
          id: attachment.body.data.id,
          file: expect.objectContaining({ filename: 'door.png' }),
        }),
      ],
    });
    await supplier.send('post', `/opw_resources/${id}/comments`, { comment: { body: 'Noted' } }).expect(201);
    const seen = await va.get(`/opw_resources/${id}/comments`).expect(200);
    expect(seen.body.data.map((comment: { body: string }) => comment.body)).toEqual([
      'The door is on the left',
      'Noted',
    ]);
    const reused = await provider
      .send('post', `/opw_resources/${id}/comments`, {
        comment: { body: 'Again', attachments: [{ id: attachment.body.data.id }] },
      })
      .expect(422);
    expect(Object.keys(reused.body.errors)).toEqual(['comment.attachments']);
    // A list inside the list (the route guard's seed 1052405910 had it answer 500).
    const nested = await provider
      .send('post', `/opw_resources/${id}/comments`, {
        comment: { body: 'Nested', attachments: [[{ id: attachment.body.data.id }]] },
      })
      .expect(422);
    expect(nested.body.errors).toEqual({ 'comment.attachments': ['must list objects'] });
    await supplier.send('delete', `/opw_resources/${id}/comments/${said.body.data.id}`).expect(403);
    await provider.send('delete', `/opw_resources/${id}/comments/${said.body.data.id}`).expect(200);
    const left = await supplier.get(`/opw_resources/${id}/comments`).expect(200);
    expect(left.body.data.map((comment: { body: string }) => comment.body)).toEqual(['Noted']);
    const supplierSaid = left.body.data[0].id as string;
    await admin.send('delete', `/opw_resources/${id}/comments/${supplierSaid}`).expect(200);
  });

  it("lists a provider's orders in a period for the back office and the billing page, with the CSV", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const listed = await admin
      .get(
        `/admin/providers/${provider.providerId}/orders?start_date=${today}&end_date=${today}&page_size=100`,
      )
      .expect(200);
    expect(listed.body.data.total_count).toBeGreaterThan(3);
    const none = await admin
      .get(`/admin/providers/${provider.providerId}/orders?end_date=2020-01-01`)
      .expect(200);
    expect(none.body.data.total_count).toBe(0);
    await admin.get(`/admin/providers/${provider.providerId}/orders?start_date=yesterday`).expect(422);
    const spent = await provider
      .get('/provider/billing/orders?with_credit_spend=true&page_size=100')
      .expect(200);
    expect(
      spent.body.data.items.every(
        (order: { credits: number; status: string }) => order.credits > 0 && order.status !== 'cancelled',
      ),
    ).toBe(true);
    const csv = await provider.get('/provider/billing/orders.csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'number,placed_at,kind,drawn_by,property_title,status,credits,delivered_at,cancelled_at',
    );
    // Every order of this provider is a supplier's.
    expect(lines.slice(1).every((line) => line.split(',')[3] === 'supplier')).toBe(true);
    expect(lines).toHaveLength(listed.body.data.total_count + 1);
  });

  it('keeps the floor-plan configuration an admin sets, which the order form and the supplier read', async () => {
    const path = `/admin/providers/${provider.providerId}/floorplan_configuration`;
    const ordersDb = it_.platform.services.orders.app.get(Database);
    /** What orders recorded for the audit trail (issue 18), each outbox row's data as it travels. */
    const adminChanges = async () =>
      (
        await rows<{ data: Record<string, unknown> }>(
          ordersDb.dataSource,
          `SELECT envelope -> 'data' AS data FROM outbox
            WHERE subject = 'orders.admin_change.recorded.v1' AND envelope -> 'data' ->> 'provider_id' = $1
            ORDER BY created_at, id`,
          [provider.providerId],
        )
      ).map((row) => row.data);
    const [{ id: adminId }] = await rows<{ id: string }>(
      it_.platform.services.identity.app.get(Database).dataSource,
      "SELECT id FROM users WHERE email = 'admin@demo.test'",
    );
    expect((await admin.get(`${path}/show.json`).expect(200)).body.data).toMatchObject({
      configured: false,
      template: 'classic',
    });
    const bad = await admin
      .send('put', `${path}/update.json`, {
        floorplan_configuration: { template: 'baroque', units: 'cubits' },
      })
      .expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      expect.arrayContaining(['floorplan_configuration.template', 'floorplan_configuration.units']),
    );
    expect(await adminChanges()).toEqual([]);
    const configuration = {
      template: 'blueprint',
      units: 'imperial',
      show_dimensions: true,
      show_room_areas: false,
      show_total_area: true,
      brand_colour: '#114477',
      custom_template_name: 'Harbour house style',
    };
    await admin.send('put', `${path}/update.json`, { floorplan_configuration: configuration }).expect(200);
    // Recorded with the admin and the fields it changed, from the defaults the provider drew in.
    expect(await adminChanges()).toEqual([
      {
        provider_id: provider.providerId,
        admin_id: adminId,
        action: 'floorplan_configuration.updated',
        before: {
          template: 'classic',
          units: 'metric',
          show_room_areas: true,
          brand_colour: null,
          custom_template_name: null,
          configured: false,
        },
        after: {
          template: 'blueprint',
          units: 'imperial',
          show_room_areas: false,
          brand_colour: '#114477',
          custom_template_name: 'Harbour house style',
          configured: true,
        },
        changed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    // The same configuration again changes nothing and records nothing; a new note is recorded alone.
    await admin.send('put', `${path}/update.json`, { floorplan_configuration: configuration }).expect(200);
    await admin
      .send('put', `${path}/update.json`, {
        floorplan_configuration: { ...configuration, supplier_notes: 'North up, please' },
      })
      .expect(200);
    expect((await adminChanges()).slice(1)).toEqual([
      expect.objectContaining({
        before: { supplier_notes: null },
        after: { supplier_notes: 'North up, please' },
      }),
    ]);
    const options = await provider.get('/provider/floorplan_variant/floorplan_template_options').expect(200);
    expect(options.body.data.current).toMatchObject({
      template: 'blueprint',
      units: 'imperial',
      configured: true,
    });
    const custom = await provider.get('/provider/custom_opw_templates').expect(200);
    expect(custom.body.data).toEqual([expect.objectContaining({ name: 'Harbour house style' })]);
    expect(await rows(ordersDb.dataSource, 'SELECT updated_by FROM floorplan_configurations')).toEqual([
      { updated_by: adminId },
    ]);
  });

  it("lists every provider's floor-plan variants for the back office's select, a page at a time, searched", async () => {
    const id = await anAssignedOrder();
    await supplierDoes(id, 'start').expect(201);
    for (const name of ['quay-ground.png', 'quay-first.png', 'quay-attic.png'])
      await deliver(supplier, id, name).expect(201);
    await supplierDoes(id, 'finalise').expect(201);
    const other = await it_.signUp('Other Variants Media');

    const LIST = '/admin/floorplan_variants.json';
    const first = await admin.get(`${LIST}?search=QUAY-&page_size=2`).expect(200);
    expect(first.body.data).toMatchObject({ current_page: 1, total_pages: 2, total_count: 3 });
    expect(first.body.data.items[0]).toEqual({
      id: expect.any(String),
      name: expect.stringMatching(/^7 Lighthouse Lane · .* · quay-/),
      provider_id: provider.providerId,
      order_id: id,
      order_number: expect.any(Number),
      amends_order_id: null,
      property_id: propertyId,
      property_title: '7 Lighthouse Lane',
      kind: 'floorplan',
      provider_client_id: null,
      filename: expect.stringMatching(/^quay-/),
      content_type: 'image/png',
      created_at: expect.any(String),
    });
    const second = await admin.get(`${LIST}?search=quay-&page=2&page_size=2`).expect(200);
    expect(second.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 3 });
    const names = [...first.body.data.items, ...second.body.data.items].map(
      (item: { filename: string }) => item.filename,
    );
    expect(names.sort()).toEqual(['quay-attic.png', 'quay-first.png', 'quay-ground.png']);

    // Every provider's unless one is named; a search of nothing finds nothing; `%` is taken literally.
    const all = await admin.get(`${LIST}?page_size=100`).expect(200);
    expect(all.body.data.total_count).toBeGreaterThanOrEqual(5);
    const mine = await admin.get(`${LIST}?provider_id=${provider.providerId}&page_size=100`).expect(200);
    expect(mine.body.data.total_count).toBe(all.body.data.total_count);
    const theirs = await admin.get(`${LIST}?provider_id=${other.providerId}`).expect(200);
    expect(theirs.body.data).toMatchObject({ items: [], total_count: 0 });
    expect((await admin.get(`${LIST}?search=%25`).expect(200)).body.data.total_count).toBe(0);
    const attic = await admin.get(`${LIST}?search=attic`).expect(200);
    expect(attic.body.data.items.map((item: { filename: string }) => item.filename)).toEqual([
      'quay-attic.png',
    ]);

    const refused = await admin.get(`${LIST}?provider_id=acme&page=0`).expect(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['page', 'provider_id']);
    await provider.get(LIST).expect(403);
  });

  it("hands a delivered plan to one of the provider's own clients only, and takes it back", async () => {
    const id = await anAssignedOrder();
    await supplierDoes(id, 'start').expect(201);
    await deliver(supplier, id, 'handed-over.png').expect(201);
    await supplierDoes(id, 'finalise').expect(201);
    const variant = (
      await provider.get('/provider/orders/floorplan_variants.json?search=handed-over').expect(200)
    ).body.data.items[0] as { id: string };
    const other = await it_.signUp('Other Clients Media');
    const aClient = async (owner: Person, name: string) =>
      (
        await owner
          .send('post', '/provider/clients/create_from_dashboard', { client_form: { name } })
          .expect(201)
      ).body.data.id as string;
    const [mine, theirs] = await Promise.all([
      aClient(provider, 'Harbour Homes'),
      aClient(other, 'Rival Homes'),
    ]);
    const assign = (person: Person, providerClientId: string | null) =>
      person.send('post', `/provider/floorplan_variants/${variant.id}/assign_to_client`, {
        provider_client_id: providerClientId,
      });

    // Another provider's client, or no client at all, is refused in words and changes nothing.
    for (const clientId of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const refused = await assign(provider, clientId).expect(422);
      expect(refused.body.errors).toEqual({ provider_client_id: ['is not one of your clients'] });
    }
    expect((await assign(provider, 'acme').expect(422)).body.errors).toEqual({
      provider_client_id: ['is not a client id'],
    });
    // Nor can the other provider reach the plan, even naming its own client.
    expect((await assign(other, theirs).expect(404)).body.errors.base).toEqual([
      'Floor plan variant not found',
    ]);
    const listed = async () =>
      (await provider.get('/provider/orders/floorplan_variants.json?search=handed-over').expect(200)).body
        .data.items[0].provider_client_id as string | null;
    expect(await listed()).toBeNull();

    // Its own client: handed over, found by the client filter; null takes it back.
    expect((await assign(provider, mine).expect(201)).body.data.provider_client_id).toBe(mine);
    expect(await listed()).toBe(mine);
    const filtered = await provider
      .get(`/provider/orders/floorplan_variants.json?filters[provider_client_id]=${mine}`)
      .expect(200);
    expect(filtered.body.data.items.map((item: { id: string }) => item.id)).toEqual([variant.id]);
    expect((await assign(provider, null).expect(201)).body.data.provider_client_id).toBeNull();
    expect(await listed()).toBeNull();
  });
});
