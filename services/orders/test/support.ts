import type { OrderKind } from '@tourly/contracts';
import { Database } from '@tourly/platform';
import {
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from '../../../test/support/platform';
import { aProperty } from '../../../test/support/provider';

export { aProperty, startPlatformWithEmulators, type Person, type PlatformWithEmulators };

/** The smallest PNG there is: what a supplier delivers in these tests. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** Gives a provider credits the way an admin does (a credit bundle in the console). */
export async function giveCredits(admin: Person, providerId: string, creditsQty: number): Promise<void> {
  await admin
    .send('post', '/admin/credit_bundles.json', {
      provider_id: providerId,
      credits_qty: creditsQty,
      category: 'promotional',
    })
    .expect(201);
}

/** The demo team as the API sees it: a virtual assistant and the demo supplier, signed in. */
export interface DemoTeam {
  va: Person;
  supplier: Person;
}

/** The demo supplier's user id (supplier@demo.test), as a virtual assistant's list of suppliers names it. */
export async function demoSupplierId(va: Person): Promise<string> {
  const suppliers = await va.get('/virtual_assistant/external_suppliers.json').expect(200);
  return (suppliers.body.data as Array<{ user_id: string; email: string }>).find(
    (member) => member.email === 'supplier@demo.test',
  )!.user_id;
}

/**
 * Delivers an order the way the team does through the API: the virtual assistant assigns it to the demo supplier,
 * who starts it, uploads `filename` (a PNG) and finalises it.
 */
export async function deliverOrder(
  { va, supplier }: DemoTeam,
  orderId: string,
  filename: string,
): Promise<void> {
  const supplierId = await demoSupplierId(va);
  await va
    .send('post', `/virtual_assistant/portal_order_requests/${orderId}/assign`, { supplier_id: supplierId })
    .expect(201);
  await supplier.send('post', `/external_supplier/floorplan_orders/${orderId}/start`).expect(201);
  await supplier
    .send('post', `/external_supplier/floorplan_orders/${orderId}/upload`)
    .attach('floorplan_file[file]', PNG, { filename, contentType: 'image/png' })
    .expect(201);
  await supplier.send('post', `/external_supplier/floorplan_orders/${orderId}/finalise`).expect(201);
}

/** A plan of a new property of `owner`'s (who has the credits), of `kind`, ordered and delivered as `filename`. */
export async function aDeliveredPlan(
  owner: Person,
  team: DemoTeam,
  plan: { title: string; kind: OrderKind; filename: string },
): Promise<{ id: string; number: number }> {
  const propertyId = await aProperty(owner, plan.title);
  const placed = await owner
    .send('post', `/provider/properties/${propertyId}/floorplan_orders`, {
      floorplan_order: { kind: plan.kind },
    })
    .expect(201);
  const order = placed.body.data as { id: string; number: number };
  await deliverOrder(team, order.id, plan.filename);
  return { id: order.id, number: order.number };
}

export async function balanceOf(
  person: Person,
): Promise<{ credit_balance: number; available_balance: number; reserved_balance: number }> {
  return (await person.get('/provider/billing/account/credit_balance').expect(200)).body.data;
}

/** Another external supplier (a staff user, into identity's tables as a test builder), signed in. */
export async function anotherSupplier(it_: PlatformWithEmulators, email: string): Promise<Person> {
  const identityDb = it_.platform.services.identity.app.get(Database);
  await identityDb.dataSource.query(
    `INSERT INTO users (id, email, first_name, last_name, password_hash, staff_role, email_confirmed_at)
     SELECT gen_random_uuid(), $1, 'Other', 'Supplier', password_hash, 'external_supplier', now()
       FROM users WHERE email = 'supplier@demo.test'`,
    [email],
  );
  return it_.signIn(email);
}

/** Waits until orders has published everything it committed and handled its own events. */
export async function ordersSettled(it_: PlatformWithEmulators): Promise<void> {
  const db = it_.platform.services.orders.app.get(Database);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [{ pending }] = (await db.dataSource.query(
      `SELECT (SELECT count(*) FROM outbox WHERE published_at IS NULL)
            + (SELECT count(*) FROM outbox o WHERE o.subject IN ('orders.order.finalised.v1', 'orders.order.cancelled.v1')
                 AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.event_id = o.id)) AS pending`,
    )) as Array<{ pending: string }>;
    if (Number(pending) === 0) return;
    if (Date.now() > deadline) throw new Error('orders did not settle in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
