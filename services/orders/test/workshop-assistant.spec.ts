import { rows } from '@tourly/platform';
import {
  anotherSupplier,
  aProperty,
  balanceOf,
  demoSupplierId,
  giveCredits,
  ordersSettled,
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from './support';

const NO_DRAFT =
  "The tour has no draft yet: impersonate the provider, edit the property's tour (its changes stay a draft), " +
  'then deliver.';
const DRAFT_BEFORE_ORDER =
  "The tour's draft was last saved before this order was placed: save this order's work in the tour as the " +
  'provider, then deliver.';
const STAFF_WORK =
  "The platform's staff work a workshop assistant order themselves: there is no supplier to assign.";
const SUPPLIERS_WORK = "This order's supplier starts, pauses and finalises it: assign it to one.";
const WORKSHOP_ONLY = 'is for the workshop assistant only: leave it out for this kind of order';

/**
 * The workshop assistant, on the whole platform: the provider orders work on a tour's layers with a brief, priced by
 * its tasks; the platform's staff work it themselves (no supplier), and it is delivered once the tour's draft holds
 * work saved since the order was placed. The draft stays a draft: the provider reviews and publishes it.
 */
describe('workshop assistant orders', () => {
  let it_: PlatformWithEmulators;
  let admin: Person;
  let va: Person;
  let supplier: Person;
  let provider: Person;
  let supplierId: string;

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators();
    [admin, va, supplier] = await Promise.all([
      it_.signIn('admin@demo.test'),
      it_.signIn('va@demo.test'),
      it_.signIn('supplier@demo.test'),
    ]);
    provider = await it_.signUp('Workshop Harbour Media');
    await giveCredits(admin, provider.providerId, 100);
    supplierId = await demoSupplierId(va);
  });
  afterAll(() => it_.stop());

  const order = (owner: Person, propertyId: string, fields: object) =>
    owner.send('post', '/provider/orders/floorplan_orders.json', {
      floorplan_order: { property_id: propertyId, kind: 'workshop_assistant', ...fields },
    });
  const staffDoes = (id: string, action: string) =>
    va.send('post', `/virtual_assistant/portal_order_requests/${id}/${action}`);
  /** Work saved on the tour's draft, as the provider (or an admin impersonating it) saves it in the tour's editor. */
  const saveGuidedTour = (owner: Person, propertyId: string) =>
    owner
      .send('post', `/provider/properties/${propertyId}/guided_tour_layer.json`, {
        guided_tour_layer: { enabled: true, autoplay: true },
      })
      .expect(200);
  const draftOf = async (owner: Person, propertyId: string) => {
    const link = await owner.get(`/provider/properties/${propertyId}/player_link`).expect(200);
    const tourId = link.body.data.virtual_tour.id as string;
    return (await owner.get(`/provider/virtual_tours/${tourId}/draft`).expect(200)).body.data;
  };
  const ledgerOf = async (orderId: string) =>
    (
      await rows<{ kind: string }>(
        it_.billingDb.dataSource,
        'SELECT kind FROM credit_ledger WHERE reference = $1 ORDER BY id',
        [`order:${orderId}`],
      )
    ).map((entry) => entry.kind);

  it('is priced by its tasks, worked by the staff and delivered as the draft once work is saved in it', async () => {
    const propertyId = await aProperty(provider, '5 Workshop Lane');
    const before = await balanceOf(provider);

    const placed = await order(provider, propertyId, {
      workshop_tasks: ['menu', 'welcome_screen', 'menu'],
      instructions: 'A menu with our website and a contact form; a welcome screen with our logo.',
    }).expect(201);
    const workshop = placed.body.data;
    // Menu 4 + welcome screen 2, each task once.
    expect(workshop).toMatchObject({
      kind: 'workshop_assistant',
      drawn_by: 'staff',
      status: 'placed',
      credits: 6,
      workshop_tasks: ['menu', 'welcome_screen'],
      retouch_options: null,
      supplier_id: null,
      files: [],
    });
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - 6,
      reserved_balance: before.reserved_balance + 6,
    });

    // In the workshop queue only; nobody assigns it to a supplier, and its supplier's routes are not for it.
    const queue = await va.get('/virtual_assistant/workshop_assistant_orders.json?status=placed').expect(200);
    expect(queue.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: workshop.id, workshop_tasks: ['menu', 'welcome_screen'] }),
      ]),
    );
    const floorplans = await va.get('/virtual_assistant/floorplan_orders/new_index.json').expect(200);
    expect(floorplans.body.data.items.map((item: { id: string }) => item.id)).not.toContain(workshop.id);
    const assigned = await va.send('post', `/virtual_assistant/portal_order_requests/${workshop.id}/assign`, {
      supplier_id: supplierId,
    });
    expect([assigned.status, assigned.body]).toEqual([409, { errors: { base: [STAFF_WORK] } }]);
    const bySupplier = await supplier.send(
      'post',
      `/external_supplier/floorplan_orders/${workshop.id}/start`,
    );
    expect(bySupplier.status).toBe(404);

    // The staff start it; delivering before any work is in the draft is refused in words, and changes nothing.
    expect((await staffDoes(workshop.id, 'start').expect(201)).body.data.status).toBe('in_progress');
    const early = await staffDoes(workshop.id, 'finalise');
    expect([early.status, early.body]).toEqual([422, { errors: { base: [NO_DRAFT] } }]);
    expect((await staffDoes(workshop.id, 'pause').expect(201)).body.data.status).toBe('paused');
    await staffDoes(workshop.id, 'start').expect(201);

    await saveGuidedTour(provider, propertyId);
    const delivered = await staffDoes(workshop.id, 'finalise').expect(201);
    expect(delivered.body.data).toMatchObject({ status: 'delivered', files: [] });
    expect(delivered.body.data.steps.map((step: { step: string }) => step.step)).toEqual([
      'placed',
      'in_progress',
      'paused',
      'in_progress',
      'delivered',
    ]);

    // Spent once; the work stays a draft for the provider to review and publish.
    await ordersSettled(it_);
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - 6,
      reserved_balance: before.reserved_balance,
    });
    expect(await ledgerOf(workshop.id)).toEqual(['spend']);
    expect(await draftOf(provider, propertyId)).toMatchObject({
      has_draft: true,
      published: null,
      state: { guided_tour: { enabled: true, autoplay: true } },
    });
    const seen = await provider.get(`/provider/floorplan_orders/${workshop.id}`).expect(200);
    expect(seen.body.data).toMatchObject({ status: 'delivered', workshop_tasks: ['menu', 'welcome_screen'] });
    // The billing page's export names its kind, as every order's.
    const csv = await provider.get('/provider/billing/orders.csv').expect(200);
    const row = csv.text
      .trim()
      .split('\r\n')
      .find((line) => line.startsWith(`${workshop.number},`));
    expect(row?.split(',').slice(2, 7)).toEqual([
      'workshop_assistant',
      'staff',
      '5 Workshop Lane',
      'delivered',
      '6',
    ]);

    // An amendment is more work of the same kind, in its own queue, for no credits.
    const amended = await va
      .send('post', `/virtual_assistant/portal_order_requests/${workshop.id}/amend`, {
        amendment_form: { notes: 'The menu needs our phone number too.', supporting_files: {} },
      })
      .expect(201);
    expect(amended.body.data).toMatchObject({
      kind: 'workshop_assistant',
      drawn_by: 'staff',
      credits: 0,
      workshop_tasks: ['menu', 'welcome_screen'],
      amends_order_id: workshop.id,
      supplier_id: null,
    });
    const amendments = await va.get('/virtual_assistant/amendments/workshop_assistant.json').expect(200);
    expect(amendments.body.data.items.map((item: { id: string }) => item.id)).toEqual([amended.body.data.id]);
  });

  it("refuses a draft saved before the order: the provider's own edits are not the staff's work", async () => {
    const propertyId = await aProperty(provider, '6 Workshop Lane');
    await saveGuidedTour(provider, propertyId);
    const placed = await order(provider, propertyId, {
      workshop_tasks: ['guided_tour'],
      instructions: 'Start the guided tour on arrival.',
    }).expect(201);
    expect(placed.body.data.credits).toBe(1);
    await staffDoes(placed.body.data.id, 'start').expect(201);
    const refused = await staffDoes(placed.body.data.id, 'finalise');
    expect([refused.status, refused.body]).toEqual([422, { errors: { base: [DRAFT_BEFORE_ORDER] } }]);
    await saveGuidedTour(provider, propertyId);
    await staffDoes(placed.body.data.id, 'finalise').expect(201);
  });

  it('refuses what is missing or not its own in words, holding nothing', async () => {
    const propertyId = await aProperty(provider, '7 Workshop Lane');
    const before = await balanceOf(provider);
    const refusals = [
      [{ instructions: 'A menu please.' }, 'floorplan_order.workshop_tasks', 'must list what to work on'],
      [{ workshop_tasks: [] }, 'floorplan_order.workshop_tasks', 'must list at least one task'],
      [
        { workshop_tasks: ['tags'], instructions: 'Tags.' },
        'floorplan_order.workshop_tasks',
        'must list some of: overlay, menu, welcome_screen, guided_tour',
      ],
      [
        { workshop_tasks: ['menu'], instructions: '   ' },
        'floorplan_order.instructions',
        'must say what you want done: the brief the staff work from',
      ],
      [
        { workshop_tasks: ['menu'], instructions: 'A menu.', drawn_by: 'supplier' },
        'floorplan_order.drawn_by',
        STAFF_WORK,
      ],
    ] as const;
    for (const [fields, field, message] of refusals) {
      const answer = await order(provider, propertyId, fields);
      expect([answer.status, answer.body.errors?.[field]]).toEqual([422, [message]]);
    }
    const floorplan = await provider.send('post', '/provider/orders/floorplan_orders.json', {
      floorplan_order: { property_id: propertyId, kind: 'floorplan', workshop_tasks: ['menu'] },
    });
    expect([floorplan.status, floorplan.body]).toEqual([
      422,
      { errors: { 'floorplan_order.workshop_tasks': [WORKSHOP_ONLY] } },
    ]);
    const byStaff = await provider.send('post', '/provider/orders/floorplan_orders.json', {
      floorplan_order: { property_id: propertyId, kind: 'floorplan', drawn_by: 'staff' },
    });
    expect([byStaff.status, byStaff.body]).toEqual([
      422,
      { errors: { 'floorplan_order.drawn_by': [WORKSHOP_ONLY] } },
    ]);
    expect(await balanceOf(provider)).toEqual(before);

    // A floor plan is its supplier's to move, never the staff's.
    const plan = await provider
      .send('post', '/provider/orders/floorplan_orders.json', {
        floorplan_order: { property_id: propertyId, kind: 'floorplan' },
      })
      .expect(201);
    const started = await staffDoes(plan.body.data.id, 'start');
    expect([started.status, started.body]).toEqual([409, { errors: { base: [SUPPLIERS_WORK] } }]);
  });

  it('is cancelled with its credits back, and hidden from other providers and suppliers', async () => {
    const propertyId = await aProperty(provider, '8 Workshop Lane');
    const before = await balanceOf(provider);
    const placed = await order(provider, propertyId, {
      workshop_tasks: ['overlay'],
      instructions: 'Our logo top left, the title in the middle.',
    }).expect(201);
    const id = placed.body.data.id as string;

    const other = await it_.signUp('Other Workshop Media');
    const otherSupplier = await anotherSupplier(it_, 'workshop-supplier@demo.test');
    for (const answer of [
      await other.get(`/provider/floorplan_orders/${id}`),
      await other.send('post', `/provider/floorplan_orders/${id}/cancel`, { cancellation_reason: 'no' }),
      await otherSupplier.get(`/external_supplier/floorplan_orders/${id}`),
      await supplier.send('post', `/external_supplier/floorplan_orders/${id}/finalise`),
    ])
      expect([answer.status, answer.body]).toEqual([404, { errors: { base: ['Order not found'] } }]);
    const ownStart = await provider.send('post', `/virtual_assistant/portal_order_requests/${id}/start`);
    expect(ownStart.status).toBe(403);

    await provider
      .send('post', `/provider/floorplan_orders/${id}/cancel`, {
        cancellation_reason: 'We did it ourselves.',
      })
      .expect(201);
    await ordersSettled(it_);
    expect(await balanceOf(provider)).toEqual(before);
    // The hold's spend, given back.
    expect(await ledgerOf(id)).toEqual(['spend', 'release']);
  });
});
