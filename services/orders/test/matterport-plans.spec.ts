import { ORDER_CREDITS, type MatterportPlan } from '@tourly/contracts';
import { rows } from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { matterportAccountModels } from '@tourly/emulators';
import { connectMatterport, matterportBundles } from '../../../test/support/matterport';
import { MatterportFollowUp } from '../src/orders/matterport-follow-up.service';
import { MatterportPlans } from '../src/orders/matterport-plans';
import {
  anotherSupplier,
  balanceOf,
  demoSupplierId,
  giveCredits,
  ordersSettled,
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from './support';

const SCHEMATIC = 'floorplan:schematic';
const AT_MATTERPORT = 'Matterport is drawing this order: there is no supplier to assign.';

/**
 * Matterport's own schematic floor plans, ordered through the whole platform (orders asks properties, which orders
 * with the provider's Matterport account from the emulator's Model API): the order is in progress at once and sits
 * in the virtual assistants' queue; when the emulated Matterport completes it, the follow-up copies the plan's files
 * in and delivers it (credits spent once, the plan on the property); when Matterport fails it, it is cancelled with
 * Matterport's reason and the credits come back. Refusals hold nothing.
 */
describe("Matterport's own floor plans", () => {
  let it_: PlatformWithEmulators;
  let admin: Person;
  let va: Person;
  let provider: Person;
  let models: ReturnType<typeof matterportAccountModels>;
  let followUp: MatterportFollowUp;

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators({ s3: true });
    [admin, va] = await Promise.all([it_.signIn('admin@demo.test'), it_.signIn('va@demo.test')]);
    provider = await it_.signUp('Matterport Plans Media');
    await giveCredits(admin, provider.providerId, 50);
    await connectMatterport(it_.base, provider, 'harbour-studio');
    models = matterportAccountModels('harbour-studio').filter(
      (model) => model.state === 'active' && model.visibility !== 'password',
    );
    followUp = it_.platform.services.orders.app.get(MatterportFollowUp);
    // Matterport's orders wait until this suite completes or fails them.
    await emulator('post', '/delay', { ms: 3_600_000 });
  });
  afterAll(() => it_.stop());

  const emulator = (method: 'get' | 'post', route: string, body?: object) =>
    matterportBundles(it_.emulators.url, method, route, body);

  async function aPropertyOf(owner: Person, title: string, modelId: string): Promise<string> {
    const created = await owner
      .send('post', '/provider/properties', {
        create_tour_params: { title, address: '4 Quay Street', matterport_key: modelId },
      })
      .expect(201);
    return created.body.data.id as string;
  }

  const place = (owner: Person, propertyId: string, kind: string, drawnBy?: string) =>
    owner.send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
      floorplan_order: { kind, ...(drawnBy === undefined ? {} : { drawn_by: drawnBy }) },
    });

  it('orders the plan from Matterport, in progress at once, and delivers it when Matterport has drawn it', async () => {
    const model = models[0];
    const propertyId = await aPropertyOf(provider, 'Quay Street Loft', model.id);
    const before = await balanceOf(provider);

    const placed = await place(provider, propertyId, 'schematic_floorplan', 'matterport').expect(201);
    const order = placed.body.data;
    expect(order).toMatchObject({
      kind: 'schematic_floorplan',
      drawn_by: 'matterport',
      matterport_speed: 'normal',
      status: 'in_progress',
      supplier_id: null,
      credits: ORDER_CREDITS.schematic_floorplan,
    });
    expect(order.steps).toEqual([
      expect.objectContaining({ step: 'placed', note: null }),
      expect.objectContaining({
        step: 'in_progress',
        note: 'Ordered from Matterport: Matterport is drawing it.',
      }),
    ]);
    // Matterport promises two days, not a drafter's 24 hours.
    const promisedHours = (Date.parse(order.promised_at) - Date.parse(order.placed_at)) / 3_600_000;
    expect(Math.round(promisedHours)).toBe(48);
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - ORDER_CREDITS.schematic_floorplan,
      reserved_balance: before.reserved_balance + ORDER_CREDITS.schematic_floorplan,
    });
    // Matterport has the order, for the provider's own model, in its default options.
    const { orders } = (await emulator('get', '/orders')) as {
      orders: Array<{ modelId: string; bundleId: string; status: string }>;
    };
    expect(orders).toEqual([
      expect.objectContaining({ modelId: model.id, bundleId: SCHEMATIC, status: 'pending' }),
    ]);

    // The virtual assistants see it in the schematic queue, with no supplier to assign; the provider cannot cancel
    // work Matterport started.
    const queue = await va.get('/virtual_assistant/schematic_floorplan_orders.json').expect(200);
    expect(queue.body.data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: order.id, drawn_by: 'matterport' })]),
    );
    const suppliers = await va.get('/virtual_assistant/external_suppliers.json').expect(200);
    const refused = await va
      .send('post', `/virtual_assistant/portal_order_requests/${order.id}/assign`, {
        supplier_id: suppliers.body.data[0].user_id,
      })
      .expect(409);
    expect(refused.body.errors.base).toEqual([AT_MATTERPORT]);
    await provider
      .send('post', `/provider/floorplan_orders/${order.id}/cancel`, {
        cancellation_reason: 'Changed my mind',
      })
      .expect(409);

    // Still drawing: a round of the follow-up changes nothing.
    expect(await followUp.runNow()).toBe(0);

    // Matterport delivers: the next round copies the plan in and delivers the order.
    await emulator('post', '/complete', { modelId: model.id, bundleId: SCHEMATIC });
    const attached = nextDelivery(it_.platform.services.properties, 'orders.order.finalised.v1');
    await followUp.runNow();
    await attached;
    await ordersSettled(it_);
    const delivered = (await provider.get(`/provider/floorplan_orders/${order.id}`).expect(200)).body.data;
    expect(delivered.status).toBe('delivered');
    expect(delivered.steps.map((step: { step: string }) => step.step)).toEqual([
      'placed',
      'in_progress',
      'delivered',
    ]);
    const files = delivered.files as Array<{
      filename: string;
      content_type: string;
      uploaded_by: null;
      url: string;
    }>;
    expect(files.map((file) => [file.filename, file.content_type, file.uploaded_by])).toEqual([
      [`${model.id}_schematic_floorplan.png`, 'image/png', null],
      [`${model.id}_schematic_floorplan.jpg`, 'image/jpeg', null],
      [`${model.id}_schematic_floorplan.svg`, 'image/svg+xml', null],
    ]);
    const png = await fetch(files[0].url);
    expect(png.status).toBe(200);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // The plans are the provider's variants and the property's floor plan; the credits are spent once.
    const variants = await provider
      .get(`/provider/orders/floorplan_variants.json?filters[property_id]=${propertyId}`)
      .expect(200);
    expect(variants.body.data.total_count).toBe(3);
    // The property takes the PNG alone, so its website shows the plan once; the variants keep every format.
    const floorplans = await provider.get(`/provider/properties/${propertyId}/floorplans`).expect(200);
    expect(floorplans.body.data).toEqual([
      expect.objectContaining({ name: expect.stringContaining(`${model.id}_schematic_floorplan`) }),
    ]);
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - ORDER_CREDITS.schematic_floorplan,
      reserved_balance: before.reserved_balance,
    });
    const ledger = await rows<{ kind: string }>(
      it_.billingDb.dataSource,
      'SELECT kind FROM credit_ledger WHERE reference = $1 ORDER BY id',
      [`order:${order.id}`],
    );
    expect(ledger.map((entry) => entry.kind)).toEqual(['spend']);

    // Delivered once: another round does nothing more.
    expect(await followUp.runNow()).toBe(0);
  });

  it('cancels the order with Matterport’s reason when Matterport fails it, and gives the credits back', async () => {
    const model = models[1];
    const propertyId = await aPropertyOf(provider, 'Wharf Cottage', model.id);
    const before = await balanceOf(provider);
    const order = (await place(provider, propertyId, 'schematic_floorplan', 'matterport').expect(201)).body
      .data;

    await emulator('post', '/fail', {
      modelId: model.id,
      bundleId: SCHEMATIC,
      reason: 'The scan does not cover enough of the floor.',
    });
    await followUp.runNow();
    await ordersSettled(it_);
    const cancelled = (await provider.get(`/provider/floorplan_orders/${order.id}`).expect(200)).body.data;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellation_reason:
        'Matterport could not draw this plan: The scan does not cover enough of the floor. Its credits are back in your balance.',
    });
    expect(await balanceOf(provider)).toEqual(before);
    expect(await followUp.runNow()).toBe(0);

    // Ordered again, Matterport takes a new order: the failed one does not stand in its way.
    const again = await place(provider, propertyId, 'schematic_floorplan', 'matterport').expect(201);
    expect(again.body.data.status).toBe('in_progress');
  });

  it('refuses in words, holding nothing: another kind, an account without the space, no account at all', async () => {
    const propertyId = await aPropertyOf(provider, 'Harbour Steps', models[2].id);
    const before = await balanceOf(provider);
    const kind = await place(provider, propertyId, 'floorplan', 'matterport').expect(422);
    expect(kind.body.errors).toEqual({
      'floorplan_order.drawn_by': [
        'Matterport draws schematic floor plans only: leave this kind to one of our drafters.',
      ],
    });
    const unknown = await place(provider, propertyId, 'schematic_floorplan', 'robot').expect(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['floorplan_order.drawn_by']);
    // A speed is Matterport's alone, and one of its three.
    const drafted = await provider
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
        floorplan_order: { kind: 'schematic_floorplan', matterport_speed: 'urgent' },
      })
      .expect(422);
    expect(drafted.body.errors).toEqual({
      'floorplan_order.matterport_speed': [
        "is Matterport's: leave it out for an order one of our drafters draws",
      ],
    });
    const warp = await provider
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
        floorplan_order: { kind: 'schematic_floorplan', drawn_by: 'matterport', matterport_speed: 'warp' },
      })
      .expect(422);
    expect(Object.keys(warp.body.errors)).toEqual(['floorplan_order.matterport_speed']);

    // Another provider's Matterport account does not hold Harbour Studio's model; a provider with none cannot order.
    const [elsewhere, unconnected] = await Promise.all([
      it_.signUp('Other Account Media'),
      it_.signUp('No Account Media'),
    ]);
    await Promise.all([
      giveCredits(admin, elsewhere.providerId, 10),
      giveCredits(admin, unconnected.providerId, 10),
    ]);
    await connectMatterport(it_.base, elsewhere, 'demo-scans');
    for (const [owner, message] of [
      [
        elsewhere,
        "This property's Matterport space is not in your Matterport account: Matterport draws plans only for the account that holds the space.",
      ],
      [
        unconnected,
        'Connect your Matterport account in Settings first: Matterport draws its plans for the account that holds the space.',
      ],
    ] as const) {
      const theirs = await aPropertyOf(owner, 'Borrowed Space', models[2].id);
      const held = await balanceOf(owner);
      const refused = await place(owner, theirs, 'schematic_floorplan', 'matterport').expect(422);
      expect(refused.body.errors.base).toEqual([message]);
      expect(await balanceOf(owner)).toEqual(held);
    }
    expect(await balanceOf(provider)).toEqual(before);
    const { orders } = (await emulator('get', '/orders')) as { orders: Array<{ modelId: string }> };
    expect(orders.filter((entry) => entry.modelId === models[2].id)).toEqual([]);
  });

  it("lets the supplier start from Matterport's plan of the space, and amend a delivered order", async () => {
    const agency = await it_.signUp('Autogenerated Plans Media');
    await giveCredits(admin, agency.providerId, 50);
    await connectMatterport(it_.base, agency, 'demo-scans');
    const [withPlan, withoutPlan] = matterportAccountModels('demo-scans').filter(
      (model) => model.state === 'active' && model.visibility !== 'password',
    );
    const supplier = await it_.signIn('supplier@demo.test');
    const supplierId = await demoSupplierId(va);
    const aSupplierOrder = async (propertyId: string) => {
      const id = (await place(agency, propertyId, 'schematic_floorplan').expect(201)).body.data.id as string;
      await va
        .send('post', `/virtual_assistant/portal_order_requests/${id}/assign`, { supplier_id: supplierId })
        .expect(201);
      return id;
    };
    const AUTO = (id: string) => `/external_supplier/floorplan_orders/${id}/autogenerated_floorplans`;

    // Matterport has drawn one space's plan (ordered through the platform earlier).
    const drawnProperty = await aPropertyOf(agency, 'Autogenerated House', withPlan.id);
    await place(agency, drawnProperty, 'schematic_floorplan', 'matterport').expect(201);
    await emulator('post', '/complete', { modelId: withPlan.id, bundleId: SCHEMATIC });
    await followUp.runNow();

    // A supplier's order of that space: Matterport's plan is there to start from, copied among the working files once.
    const id = await aSupplierOrder(drawnProperty);
    const found = await supplier.get(AUTO(id)).expect(200);
    expect(found.body.data).toMatchObject({ status: 'completed', reason: null });
    expect(found.body.data.files.map((file: { filename: string }) => file.filename)).toEqual([
      `${withPlan.id}_schematic_floorplan.png`,
      `${withPlan.id}_schematic_floorplan.jpg`,
      `${withPlan.id}_schematic_floorplan.svg`,
    ]);
    const copied = await supplier.send('post', AUTO(id)).expect(201);
    expect(
      copied.body.data.map((file: { role: string; uploaded_by: string }) => [file.role, file.uploaded_by]),
    ).toEqual([
      ['working', supplierId],
      ['working', supplierId],
      ['working', supplierId],
    ]);
    const again = await supplier.send('post', AUTO(id)).expect(409);
    expect(again.body.errors.base).toEqual([
      "Matterport's plan is already among this order's working files.",
    ]);
    // Another supplier does not see the order at all.
    const other = await anotherSupplier(it_, 'other-autogenerated@demo.test');
    await other.get(AUTO(id)).expect(404);
    await other.send('post', AUTO(id)).expect(404);

    // The supplier amends the copy, delivers it, and later amends the delivered order as new work of its own.
    await supplier.send('post', `/external_supplier/floorplan_orders/${id}/start`).expect(201);
    await supplier
      .send('post', `/external_supplier/floorplan_orders/${id}/copy_file`, {
        file_id: copied.body.data[2].id,
      })
      .expect(201);
    const notYet = await supplier
      .send('post', `/external_supplier/floorplan_orders/${id}/amend`, {
        amendment_form: { notes: 'Too soon' },
      })
      .expect(409);
    expect(notYet.body.errors.base).toEqual([
      'This order is in progress: it cannot be amended (only a delivered order can be).',
    ]);
    await supplier.send('post', `/external_supplier/floorplan_orders/${id}/finalise`).expect(201);
    const amendment = await supplier
      .send('post', `/external_supplier/floorplan_orders/${id}/amend`, {
        amendment_form: { notes: 'The garage door was drawn on the wrong wall.' },
      })
      .expect(201);
    expect(amendment.body.data).toMatchObject({
      amends_order_id: id,
      status: 'placed',
      supplier_id: supplierId,
      drawn_by: 'supplier',
      credits: 0,
      instructions: 'The garage door was drawn on the wrong wall.',
    });
    await supplier
      .send('post', `/external_supplier/floorplan_orders/${id}/amend`, { amendment_form: {} })
      .expect(422);

    // A space Matterport never drew, and a provider without a Matterport account: nothing to start from, said why.
    const plainProperty = await aPropertyOf(agency, 'Plain House', withoutPlan.id);
    const plain = await aSupplierOrder(plainProperty);
    expect((await supplier.get(AUTO(plain)).expect(200)).body.data).toEqual({
      status: 'none',
      reason: null,
      files: [],
    });
    const none = await supplier.send('post', AUTO(plain)).expect(404);
    expect(none.body.errors.base).toEqual(['Matterport has no plan of this space to start from.']);
    const unconnected = await it_.signUp('Unconnected Plans Media');
    await giveCredits(admin, unconnected.providerId, 10);
    const theirProperty = await aPropertyOf(unconnected, 'Unconnected House', withoutPlan.id);
    const theirs = (await place(unconnected, theirProperty, 'schematic_floorplan').expect(201)).body.data
      .id as string;
    await va
      .send('post', `/virtual_assistant/portal_order_requests/${theirs}/assign`, { supplier_id: supplierId })
      .expect(201);
    expect((await supplier.get(AUTO(theirs)).expect(200)).body.data).toEqual({
      status: 'unavailable',
      reason:
        'Connect your Matterport account in Settings first: Matterport draws its plans for the account that holds the space.',
      files: [],
    });
  });

  it('orders it urgent from Matterport, priced and promised by the speed', async () => {
    const hurried = await it_.signUp('Urgent Plans Media');
    await giveCredits(admin, hurried.providerId, 20);
    await connectMatterport(it_.base, hurried, 'demo-scans');
    const model = matterportAccountModels('demo-scans').filter(
      (candidate) => candidate.state === 'active' && candidate.visibility !== 'password',
    )[2];
    const propertyId = await aPropertyOf(hurried, 'Urgent House', model.id);
    const before = await balanceOf(hurried);
    const placed = await hurried
      .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
        floorplan_order: { kind: 'schematic_floorplan', drawn_by: 'matterport', matterport_speed: 'urgent' },
      })
      .expect(201);
    expect(placed.body.data).toMatchObject({ matterport_speed: 'urgent', credits: 8 });
    const hours =
      (Date.parse(placed.body.data.promised_at) - Date.parse(placed.body.data.placed_at)) / 3_600_000;
    expect(Math.round(hours)).toBe(6);
    expect((await balanceOf(hurried)).available_balance).toBe(before.available_balance - 8);
    const { orders } = (await emulator('get', '/orders')) as {
      orders: Array<{ modelId: string; options: Record<string, string> }>;
    };
    expect(orders.find((entry) => entry.modelId === model.id)?.options).toMatchObject({
      delivery_time: 'urgent',
    });
  });

  it('says a plan never ordered is none', async () => {
    const plans = it_.platform.services.orders.app.get(MatterportPlans);
    const plan = await plans.status(provider.providerId, models[2].id);
    expect(plan).toEqual<MatterportPlan>({ status: 'none', failureReason: null, files: [] });
  });
});
