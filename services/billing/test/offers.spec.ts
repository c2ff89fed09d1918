import {
  CREDITS_CAPTURE,
  CREDITS_RELEASE,
  CREDITS_RESERVE,
  type EventCatalogue,
  type EventEnvelope,
  type EventSubject,
  type MembershipRole,
} from '@tourly/contracts';
import {
  ConsumerRegistry,
  Database,
  EventBus,
  RpcClient,
  TRANSPORT,
  durableName,
  rows,
  uuidv7,
  type SettledDelivery,
  type Transport,
} from '@tourly/platform';
import { eventually, internalHeaders } from '@tourly/platform/testing';
import { ledgerInvariantBreaches } from './credits-support';
import {
  startBilling,
  startBillingPlatform,
  type Billing,
  type BillingPlatform,
  type Person,
} from './support';

const OFFERS = '/admin/offers';
const REDEEMABLE = '/provider/billing/offers/redeemable';
const HISTORY = '/provider/billing/credit_bundles.json';
const BALANCE = '/provider/billing/account/credit_balance';
const BUNDLES = '/admin/credit_bundles.json';
const ACTIONS_MESSAGE =
  'must be one of: credits_purchased, any_order_placed, subscription_created, sign_up_completed';

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * Offers (credits a provider receives once, automatically, for a redeemable action) and the admin's credit bundles,
 * on billing alone: the admin's offers as react-admin reads them, what a provider can still receive, each trigger as
 * a real event over NATS JetStream (billing's own purchases and plans; identity's and orders' events published on
 * billing's event bus), redelivered and repeated events included.
 */
describe('offers and credit bundles', () => {
  let it_: Billing;
  let db: Database;
  const adminId = uuidv7();

  beforeAll(async () => {
    it_ = await startBilling();
    db = it_.billingDb;
  });
  afterAll(async () => {
    try {
      expect(await ledgerInvariantBreaches(it_.billingDb)).toEqual([]);
    } finally {
      await it_.stop();
    }
  });

  /** The same platform admin on every call, so its id is known. */
  const admin = {
    get: (path: string) =>
      it_.http.get(path).set(internalHeaders({ userId: adminId, staffRole: 'platform_admin' })),
    send: (method: 'post' | 'put' | 'delete', path: string, body?: object) => {
      const call = it_.http[method](path).set(
        internalHeaders({ userId: adminId, staffRole: 'platform_admin' }),
      );
      return body ? call.send(body) : call;
    },
  };
  /** Someone of the provider with this role. */
  const memberOf = (providerId: string, role: MembershipRole) => ({
    get: (path: string) => it_.http.get(path).set(internalHeaders({ userId: uuidv7(), role, providerId })),
  });

  async function anOffer(fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await admin.send('post', OFFERS, {
      credits: 5,
      redeem_action: 'any_order_placed',
      ...fields,
    });
    expect(answer.status).toBe(201);
    return answer.body.data as Record<string, unknown>;
  }
  /** Every offer archived, so a section starts with none running. */
  const archiveAll = () =>
    db.dataSource.query('UPDATE offers SET archived_at = now() WHERE archived_at IS NULL');

  const historyOf = async (person: Person) =>
    (await person.get(`${HISTORY}?page_size=100`).expect(200)).body.data.items as Array<
      Record<string, unknown>
    >;
  const offersIn = async (person: Person) =>
    (await historyOf(person)).filter((item) => item.kind === 'offer');
  const balanceOf = async (person: Person) => (await person.get(BALANCE).expect(200)).body.data;
  const redemptionsOf = (providerId: string) =>
    rows<{ offerId: string; reference: string }>(
      db.dataSource,
      `SELECT offer_id AS "offerId", reference FROM offer_redemptions WHERE provider_id = $1 ORDER BY redeemed_at`,
      [providerId],
    );

  /** Publishes an event on billing's event bus (its outbox, then NATS JetStream), as its owner would. */
  async function publish<S extends EventSubject>(
    subject: S,
    data: EventCatalogue[S],
  ): Promise<EventEnvelope<S>> {
    const app = it_.service.app;
    return app.get(Database).transaction((tx) => app.get(EventBus).publish(subject, data, tx));
  }
  /** Waits until billing has handled each event (its inbox holds it). */
  async function handled(eventIds: string[]): Promise<void> {
    await eventually(
      async () =>
        (
          await rows<{ count: number }>(
            db.dataSource,
            'SELECT count(DISTINCT event_id)::int AS count FROM inbox WHERE event_id = ANY($1::uuid[])',
            [eventIds],
          )
        )[0]!.count,
      (count) => count === eventIds.length,
      `billing handling ${eventIds.join(', ')}`,
    );
  }
  /** The ids of the events billing published on a subject about a provider (after it settled), oldest first. */
  async function publishedIds(subject: EventSubject, providerId: string): Promise<string[]> {
    await it_.settled();
    const found = await rows<{ id: string }>(
      db.dataSource,
      `SELECT id FROM outbox WHERE subject = $1 AND envelope -> 'data' ->> 'provider_id' = $2
        ORDER BY created_at, id`,
      [subject, providerId],
    );
    return found.map((row) => row.id);
  }
  /**
   * Sends a published event's bytes to NATS again under another message id (as a relay that republished past the
   * stream's duplicate window would): billing receives it a second time; resolves once billing has settled it.
   */
  async function redeliver(eventId: string): Promise<SettledDelivery> {
    const [stored] = await rows<{ subject: string; envelope: unknown }>(
      db.dataSource,
      'SELECT subject, envelope FROM outbox WHERE id = $1',
      [eventId],
    );
    const settled = new Promise<SettledDelivery>((resolve) => {
      const listener = (delivery: SettledDelivery) => {
        if (delivery.eventId !== eventId || delivery.outcome === 'handled') return;
        it_.service.deliveries.off('settled', listener);
        resolve(delivery);
      };
      it_.service.deliveries.on('settled', listener);
    });
    await it_.service.app
      .get<Transport>(TRANSPORT)
      .publish(stored!.subject, `${eventId}-redelivered`, Buffer.from(JSON.stringify(stored!.envelope)));
    return settled;
  }

  async function withAccount(name: string): Promise<Person> {
    const person = await it_.signUp(name);
    await person
      .send('put', '/provider/billing/account', {
        name,
        email: 'billing@offers.test',
        address: '1 Main St',
        country: 'AU',
        currency: 'usd',
      })
      .expect(200);
    return person;
  }
  /** Buys credits with a saved card; the payment intent's id. */
  async function buy(person: Person, card: string, creditsQty: number): Promise<string> {
    const answer = await person.send('post', '/provider/billing/purchase_credits_payment_intent', {
      credits_qty: creditsQty,
      payment_method_id: card,
    });
    expect(answer.body.data).toMatchObject({ result: 'success' });
    return answer.body.data.id as string;
  }

  describe('the admin’s offers', () => {
    beforeAll(archiveAll);

    it('creates an offer and answers the record react-admin keeps, with its defaults', async () => {
      const answer = await admin.send('post', OFFERS, {
        name: '  Welcome credits  ',
        redeem_action: 'sign_up_completed',
        credits: 10,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Welcome credits',
        description: null,
        redeem_action: 'sign_up_completed',
        credits: 10,
        category: 'promotional',
        starts_at: null,
        ends_at: null,
        status: 'running',
        redemptions_count: 0,
        created_at: expect.any(String),
        updated_at: answer.body.data.created_at,
      });
      const [row] = await rows<Record<string, unknown>>(
        db.dataSource,
        `SELECT name, description, redeem_action, credits, category, starts_at, ends_at, archived_at, created_by
           FROM offers WHERE id = $1`,
        [answer.body.data.id],
      );
      expect(row).toEqual({
        name: 'Welcome credits',
        description: null,
        redeem_action: 'sign_up_completed',
        credits: 10,
        category: 'promotional',
        starts_at: null,
        ends_at: null,
        archived_at: null,
        created_by: adminId,
      });
      const read = await admin.get(`${OFFERS}/${answer.body.data.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(answer.body.data);
    });

    it('answers scheduled and ended offers with their dates', async () => {
      const scheduled = await anOffer({
        name: 'Summer',
        description: 'Twice the credits in summer',
        category: 'customer_loyalty',
        starts_at: '2099-07-01T00:00:00Z',
        ends_at: '2099-09-01T00:00:00+02:00',
      });
      expect(scheduled).toMatchObject({
        description: 'Twice the credits in summer',
        category: 'customer_loyalty',
        starts_at: '2099-07-01T00:00:00.000Z',
        ends_at: '2099-08-31T22:00:00.000Z',
        status: 'scheduled',
      });
      const ended = await anOffer({ name: 'Spring', starts_at: '2020-03-01', ends_at: '2020-06-01' });
      expect(ended).toMatchObject({
        starts_at: '2020-03-01T00:00:00.000Z',
        ends_at: '2020-06-01T00:00:00.000Z',
        status: 'ended',
      });
    });

    const valid = { name: 'A', credits: 5, redeem_action: 'any_order_placed' };
    it.each([
      ['no name', { name: undefined }, { name: ['Required'] }],
      ['a blank name', { name: '   ' }, { name: ['Required'] }],
      ['a name of 101 characters', { name: 'x'.repeat(101) }, { name: ['must be at most 100 characters'] }],
      [
        'a description of 501 characters',
        { description: 'x'.repeat(501) },
        { description: ['must be at most 500 characters'] },
      ],
      ['no action', { redeem_action: undefined }, { redeem_action: ['Required'] }],
      ['an unknown action', { redeem_action: 'order_paid' }, { redeem_action: [ACTIONS_MESSAGE] }],
      ['no credits', { credits: undefined }, { credits: ['Required'] }],
      ['0 credits', { credits: 0 }, { credits: ['must be at least 1'] }],
      ['100001 credits', { credits: 100_001 }, { credits: ['must be at most 100000'] }],
      ['2.5 credits', { credits: 2.5 }, { credits: ['must be a whole number of credits'] }],
      ['credits as text', { credits: '5' }, { credits: ['must be a whole number of credits'] }],
      [
        'an unknown category',
        { category: 'gift' },
        { category: [expect.stringMatching(/^must be one of: customer_purchase, subscription_top_up, /)] },
      ],
      ['a start that is no time', { starts_at: 'tomorrow' }, { starts_at: ['Invalid Date'] }],
      ['an end that is no time', { ends_at: '31/12/2099' }, { ends_at: ['Invalid Date'] }],
      ['a start as an ISO week date', { starts_at: '2099-W05-1' }, { starts_at: ['Invalid Date'] }],
      [
        'a start before the year 1',
        { starts_at: '0001-01-01T00:00:00+01:00' },
        { starts_at: ['Invalid Date'] },
      ],
      [
        'an end before the start',
        { starts_at: '2099-02-01', ends_at: '2099-01-31' },
        { ends_at: ['must be after starts_at'] },
      ],
      [
        'an end at the start',
        { starts_at: '2099-02-01T00:00:00Z', ends_at: '2099-02-01T01:00:00+01:00' },
        { ends_at: ['must be after starts_at'] },
      ],
    ])('refuses %s with 422 on that field', async (_, change, errors) => {
      const answer = await admin.send('post', OFFERS, { ...valid, ...change });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    });

    it('replaces an offer with the record react-admin sends back (its other keys ignored)', async () => {
      const offer = await anOffer({ name: 'Order bonus', credits: 3 });
      const answer = await admin.send('put', `${OFFERS}/${offer.id}`, {
        ...offer,
        name: 'First order bonus',
        description: 'For your first order',
        credits: 7,
        category: 'trial',
        ends_at: '2099-01-01T00:00:00Z',
        status: 'ended',
        redemptions_count: 99,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        ...offer,
        name: 'First order bonus',
        description: 'For your first order',
        credits: 7,
        category: 'trial',
        ends_at: '2099-01-01T00:00:00.000Z',
        updated_at: expect.any(String),
      });
      expect(Date.parse(answer.body.data.updated_at)).toBeGreaterThan(Date.parse(offer.updated_at as string));

      const cleared = await admin.send('put', `${OFFERS}/${offer.id}`, {
        name: 'First order bonus',
        description: '',
        credits: 7,
        redeem_action: 'any_order_placed',
        category: null,
        ends_at: null,
      });
      expect(cleared.body.data).toMatchObject({ description: null, category: 'promotional', ends_at: null });

      const refused = await admin.send('put', `${OFFERS}/${offer.id}`, {
        name: 'First order bonus',
        credits: 7,
        redeem_action: 'any_order_placed',
        starts_at: '2099-05-01T00:00:00Z',
        ends_at: '2099-04-01T00:00:00Z',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ ends_at: ['must be after starts_at'] });
    });

    it('lists the offers not archived, newest first, a page at a time, by name and by action', async () => {
      await archiveAll();
      const first = await anOffer({ name: 'Bonus for orders', redeem_action: 'any_order_placed' });
      const second = await anOffer({ name: 'Plan 50% bonus', redeem_action: 'subscription_created' });
      const third = await anOffer({ name: 'Top-up bonus', redeem_action: 'credits_purchased' });

      const all = await admin.get(OFFERS);
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual({
        items: [third, second, first],
        current_page: 1,
        total_pages: 1,
        total_count: 3,
      });
      const paged = await admin.get(`${OFFERS}?page=2&page_size=2`);
      expect(paged.body.data).toEqual({ items: [first], current_page: 2, total_pages: 2, total_count: 3 });
      const searched = await admin.get(`${OFFERS}?search=${encodeURIComponent('50%')}`);
      expect(searched.body.data.items).toEqual([second]);
      const byName = await admin.get(`${OFFERS}?search=BONUS&redeem_action=credits_purchased`);
      expect(byName.body.data.items).toEqual([third]);
      const none = await admin.get(`${OFFERS}?search=nothing`);
      expect(none.body.data).toEqual({ items: [], current_page: 1, total_pages: 0, total_count: 0 });
      const wrong = await admin.get(`${OFFERS}?redeem_action=bogus&page_size=500`);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({
        redeem_action: [ACTIONS_MESSAGE],
        page_size: ['must be at most 100'],
      });
    });

    it('archives an offer on DELETE: answered as archived, no longer listed, no longer changed', async () => {
      await archiveAll();
      const offer = await anOffer({ name: 'Short-lived' });
      const archived = await admin.send('delete', `${OFFERS}/${offer.id}`);
      expect(archived.status).toBe(200);
      expect(archived.body.data).toEqual({ ...offer, status: 'archived', updated_at: expect.any(String) });
      expect((await admin.get(OFFERS)).body.data.total_count).toBe(0);
      expect((await admin.get(`${OFFERS}/${offer.id}`)).body.data).toEqual(archived.body.data);

      const again = await admin.send('delete', `${OFFERS}/${offer.id}`);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(archived.body.data);
      const changed = await admin.send('put', `${OFFERS}/${offer.id}`, {
        name: 'Back again',
        credits: 1,
        redeem_action: 'any_order_placed',
      });
      expect(changed.status).toBe(409);
      expect(changed.body.errors).toEqual({ base: ['This offer is archived; it can no longer be changed.'] });
    });

    it('answers 404 for an offer that does not exist', async () => {
      for (const [method, path] of [
        ['get', `${OFFERS}/${uuidv7()}`],
        ['get', `${OFFERS}/not-an-id`],
        ['put', `${OFFERS}/${uuidv7()}`],
        ['delete', `${OFFERS}/${uuidv7()}`],
      ] as const) {
        const answer =
          method === 'get'
            ? await admin.get(path)
            : await admin.send(method, path, { name: 'A', credits: 1, redeem_action: 'any_order_placed' });
        expect({ method, path, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          status: 404,
          body: { errors: { base: ['Offer not found'] } },
        });
      }
    });

    it('is the back office’s alone', async () => {
      const provider = await it_.signUp('Not Staff');
      expect((await provider.get(OFFERS)).status).toBe(403);
      expect(
        (await provider.send('post', OFFERS, { name: 'Mine', credits: 1, redeem_action: 'any_order_placed' }))
          .status,
      ).toBe(403);
      expect((await it_.staff('virtual_assistant').get(OFFERS)).status).toBe(403);
      expect((await it_.http.get(OFFERS)).status).toBe(401);
    });
  });

  describe('what a provider can still receive', () => {
    let orders: Record<string, unknown>;
    let signUp: Record<string, unknown>;
    let provider: Person;
    let other: Person;
    const redeemableOf = (offer: Record<string, unknown>) => ({
      id: offer.id,
      name: offer.name,
      description: offer.description,
      redeem_action: offer.redeem_action,
      credits: offer.credits,
      ends_at: offer.ends_at,
    });

    beforeAll(async () => {
      await archiveAll();
      orders = await anOffer({
        name: 'Orders bonus',
        description: 'Credits with your next order',
        redeem_action: 'any_order_placed',
        credits: 4,
        ends_at: daysFromNow(30),
      });
      signUp = await anOffer({ name: 'Welcome', redeem_action: 'sign_up_completed', credits: 2 });
      await anOffer({ name: 'Not yet', redeem_action: 'any_order_placed', starts_at: daysFromNow(1) });
      await anOffer({
        name: 'Over',
        redeem_action: 'any_order_placed',
        starts_at: daysFromNow(-2),
        ends_at: daysFromNow(-1),
      });
      const archived = await anOffer({ name: 'Withdrawn', redeem_action: 'credits_purchased' });
      await admin.send('delete', `${OFFERS}/${archived.id}`).expect(200);
      provider = await it_.signUp('Redeemers');
      other = await it_.signUp('Other Redeemers');
    });

    it('lists the running offers of every action, newest first, or of one action', async () => {
      const all = await provider.get(REDEEMABLE);
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual([redeemableOf(signUp), redeemableOf(orders)]);
      expect(redeemableOf(orders).ends_at).toEqual(expect.any(String));
      const forOrders = await provider.get(`${REDEEMABLE}?redeem_action=any_order_placed`);
      expect(forOrders.body.data).toEqual([redeemableOf(orders)]);
      const forPurchases = await provider.get(`${REDEEMABLE}?redeem_action=credits_purchased`);
      expect(forPurchases.status).toBe(200);
      expect(forPurchases.body.data).toEqual([]);
    });

    it('answers every provider-side role', async () => {
      for (const role of ['admin', 'scan_technician', 'member'] as const) {
        const answer = await memberOf(provider.providerId, role).get(
          `${REDEEMABLE}?redeem_action=sign_up_completed`,
        );
        expect({ role, status: answer.status, body: answer.body.data }).toEqual({
          role,
          status: 200,
          body: [redeemableOf(signUp)],
        });
      }
      expect((await it_.staff().get(REDEEMABLE)).status).toBe(403);
    });

    it('refuses an unknown action with 422', async () => {
      const answer = await provider.get(`${REDEEMABLE}?redeem_action=order_paid`);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ redeem_action: [ACTIONS_MESSAGE] });
    });

    it('leaves out what the provider received, and only for that provider', async () => {
      const placed = await publish('orders.order.placed.v1', {
        providerId: provider.providerId,
        orderId: 'order-1',
        kind: 'floorplan',
      });
      await handled([placed.id]);
      expect((await provider.get(REDEEMABLE)).body.data).toEqual([redeemableOf(signUp)]);
      expect((await other.get(REDEEMABLE)).body.data).toEqual([redeemableOf(signUp), redeemableOf(orders)]);
      expect((await admin.get(`${OFFERS}/${orders.id}`)).body.data).toMatchObject({ redemptions_count: 1 });
    });
  });

  describe('each redeemable action gives its offers once', () => {
    beforeAll(archiveAll);

    it('credits_purchased: a purchase gives the offer once; a second purchase and a redelivered event give nothing more', async () => {
      const offer = await anOffer({
        name: 'Top-up bonus',
        redeem_action: 'credits_purchased',
        credits: 5,
        category: 'customer_loyalty',
      });
      const buyer = await withAccount('Offer Buyers');
      const visa = await it_.saveCard(buyer, 'pm_card_visa');
      const intent = await buy(buyer, visa, 10);

      const [given] = await eventually(
        () => offersIn(buyer),
        (found) => found.length > 0,
        'the offer in the history',
      );
      expect(given).toEqual({
        id: expect.any(Number),
        kind: 'offer',
        category: 'customer_loyalty',
        amount: 5,
        actor: 'system',
        reference: offer.id,
        note: 'Top-up bonus',
        status: null,
        created_at: expect.any(String),
      });
      expect(await redemptionsOf(buyer.providerId)).toEqual([{ offerId: offer.id, reference: intent }]);

      // The purchase on its own subject, beside its change of credits (which identity's webhooks send on).
      expect(await it_.published('billing.credits.purchased.v1', buyer.providerId)).toEqual([
        { providerId: buyer.providerId, paymentIntentId: intent, credits: 10 },
      ]);
      expect(
        (await it_.published('billing.credits.changed.v1', buyer.providerId)).map((event) => [
          event.change,
          event.reference,
        ]),
      ).toEqual([
        ['purchase', intent],
        ['offer', offer.id],
      ]);
      const [purchased] = await publishedIds('billing.credits.purchased.v1', buyer.providerId);
      expect((await redeliver(purchased!)).outcome).toBe('duplicate');
      const second = await buy(buyer, visa, 3);
      await handled(await publishedIds('billing.credits.purchased.v1', buyer.providerId));

      expect(
        (await historyOf(buyer)).map((item) => [item.kind, item.category, item.amount, item.reference]),
      ).toEqual([
        ['purchase', 'customer_purchase', 3, second],
        ['offer', 'customer_loyalty', 5, offer.id],
        ['purchase', 'customer_purchase', 10, intent],
      ]);
      expect(await balanceOf(buyer)).toEqual({
        credit_balance: 18,
        available_balance: 18,
        reserved_balance: 0,
      });
      expect(await redemptionsOf(buyer.providerId)).toEqual([{ offerId: offer.id, reference: intent }]);
      expect((await buyer.get(`${REDEEMABLE}?redeem_action=credits_purchased`)).body.data).toEqual([]);
    });

    it('credits_purchased: reserves, captures and releases of credits never reach offers', async () => {
      const durables = it_.service.app.get(ConsumerRegistry).durables();
      expect(durables).toContain(durableName('billing', 'billing.credits.purchased.v1'));
      expect(durables).not.toContain(durableName('billing', 'billing.credits.changed.v1'));

      const spender = await withAccount('Offer Spenders');
      await admin
        .send('post', `/admin/providers/${spender.providerId}/credit_adjustments`, {
          category: 'promotional',
          amount: 5,
        })
        .expect(201);
      const rpc = it_.service.app.get(RpcClient);
      const { providerId } = spender;
      await rpc.ask(CREDITS_RESERVE, { providerId, amount: 2, reference: 'order:kept' });
      await rpc.ask(CREDITS_CAPTURE, { providerId, reference: 'order:kept' });
      await rpc.ask(CREDITS_RESERVE, { providerId, amount: 1, reference: 'order:dropped' });
      await rpc.ask(CREDITS_RELEASE, { providerId, reference: 'order:dropped' });
      const changes = await publishedIds('billing.credits.changed.v1', providerId);
      expect(changes).toHaveLength(5);
      const [{ count }] = await rows<{ count: number }>(
        db.dataSource,
        'SELECT count(*)::int AS count FROM inbox WHERE event_id = ANY($1::uuid[])',
        [changes],
      );
      expect(count).toBe(0);
    });

    it('subscription_created: a paid plan gives the offer once, and a later plan change nothing more', async () => {
      const offer = await anOffer({
        name: 'Plan bonus',
        redeem_action: 'subscription_created',
        credits: 20,
        category: 'subscription_top_up',
      });
      const subscriber = await withAccount('Offer Subscribers');
      const visa = await it_.saveCard(subscriber, 'pm_card_visa');
      const plan = (productCode: string) =>
        subscriber.send('put', '/provider/billing/service_plan_subscription', {
          service_plan_subscription: {
            product_code: productCode,
            interval: 'month',
            payment_method_id: visa,
          },
        });
      expect((await plan('starter_plan')).body.data).toMatchObject({ result: 'success' });
      await eventually(
        () => offersIn(subscriber),
        (found) => found.length > 0,
        'the plan offer',
      );
      expect((await plan('vt_creator_plan')).body.data).toMatchObject({ result: 'success' });
      const changes = await publishedIds('billing.subscription.changed.v1', subscriber.providerId);
      expect(changes.length).toBeGreaterThanOrEqual(2);
      await handled(changes);

      expect(await offersIn(subscriber)).toEqual([
        expect.objectContaining({
          kind: 'offer',
          category: 'subscription_top_up',
          amount: 20,
          actor: 'system',
          reference: offer.id,
          note: 'Plan bonus',
        }),
      ]);
      const redemptions = await redemptionsOf(subscriber.providerId);
      expect(redemptions).toEqual([{ offerId: offer.id, reference: expect.any(String) }]);
      expect(changes).toContain(redemptions[0]!.reference);
      expect(await balanceOf(subscriber)).toMatchObject({ available_balance: 20 });
    });

    it('subscription_created: the free plan gives nothing', async () => {
      const offer = (await admin.get(`${OFFERS}?redeem_action=subscription_created`)).body.data.items[0];
      const free = await it_.signUp('Free Planners');
      const changed = await publish('billing.subscription.changed.v1', {
        providerId: free.providerId,
        productCode: 'free_tier_plan',
        interval: 'month',
        status: 'active',
        premiumTourLimit: 0,
      });
      await handled([changed.id]);
      expect(await historyOf(free)).toEqual([]);
      expect((await free.get(`${REDEEMABLE}?redeem_action=subscription_created`)).body.data).toEqual([
        expect.objectContaining({ id: offer.id, name: 'Plan bonus' }),
      ]);
    });

    it('sign_up_completed: identity’s event gives the offer once, redelivered or announced again', async () => {
      const offer = await anOffer({
        name: 'Welcome aboard',
        redeem_action: 'sign_up_completed',
        credits: 8,
        category: 'trial',
      });
      const newcomer = await it_.signUp('Newcomers');
      const created = await publish('identity.provider.created.v1', {
        providerId: newcomer.providerId,
        name: 'Newcomers',
      });
      await handled([created.id]);
      expect((await redeliver(created.id)).outcome).toBe('duplicate');
      const again = await publish('identity.provider.created.v1', {
        providerId: newcomer.providerId,
        name: 'Newcomers',
      });
      await handled([again.id]);

      expect(await historyOf(newcomer)).toEqual([
        {
          id: expect.any(Number),
          kind: 'offer',
          category: 'trial',
          amount: 8,
          actor: 'system',
          reference: offer.id,
          note: 'Welcome aboard',
          status: null,
          created_at: expect.any(String),
        },
      ]);
      expect(await redemptionsOf(newcomer.providerId)).toEqual([
        { offerId: offer.id, reference: created.id },
      ]);
    });

    it('any_order_placed: the first order gives the running offers, neither scheduled, ended nor archived ones; the next order nothing', async () => {
      const running = await anOffer({ name: 'Order bonus', credits: 6, category: 'floor_plan_issue' });
      const alsoRunning = await anOffer({ name: 'Order extra', credits: 1, ends_at: daysFromNow(1) });
      await anOffer({ name: 'Later', credits: 50, starts_at: daysFromNow(1) });
      await anOffer({ name: 'Past', credits: 50, starts_at: daysFromNow(-3), ends_at: daysFromNow(-1) });
      const withdrawn = await anOffer({ name: 'Withdrawn', credits: 50 });
      await admin.send('delete', `${OFFERS}/${withdrawn.id}`).expect(200);

      const customer = await it_.signUp('Order Placers');
      const first = await publish('orders.order.placed.v1', {
        providerId: customer.providerId,
        orderId: 'order-a',
        kind: 'floorplan',
      });
      const second = await publish('orders.order.placed.v1', {
        providerId: customer.providerId,
        orderId: 'order-b',
        kind: 'floorplan',
      });
      await handled([first.id, second.id]);
      expect((await redeliver(first.id)).outcome).toBe('duplicate');

      expect(
        (await historyOf(customer)).map((item) => [
          item.kind,
          item.category,
          item.amount,
          item.reference,
          item.note,
        ]),
      ).toEqual([
        ['offer', 'promotional', 1, alsoRunning.id, 'Order extra'],
        ['offer', 'floor_plan_issue', 6, running.id, 'Order bonus'],
      ]);
      expect(await redemptionsOf(customer.providerId)).toEqual([
        { offerId: running.id, reference: 'order-a' },
        { offerId: alsoRunning.id, reference: 'order-a' },
      ]);
      expect(await balanceOf(customer)).toEqual({
        credit_balance: 7,
        available_balance: 7,
        reserved_balance: 0,
      });
    });

    it('keeps what an offer gave once it is archived, and gives it no more', async () => {
      const [running] = (await admin.get(`${OFFERS}?search=Order%20bonus`)).body.data.items;
      const customer = await it_.signUp('Late Order Placers');
      const earlier = await it_.signUp('Early Order Placers');
      const placed = await publish('orders.order.placed.v1', {
        providerId: earlier.providerId,
        orderId: 'order-c',
        kind: 'floorplan',
      });
      await handled([placed.id]);
      expect((await offersIn(earlier)).map((item) => item.reference)).toContain(running.id);

      await admin.send('delete', `${OFFERS}/${running.id}`).expect(200);
      const late = await publish('orders.order.placed.v1', {
        providerId: customer.providerId,
        orderId: 'order-d',
        kind: 'floorplan',
      });
      await handled([late.id]);
      expect((await offersIn(customer)).map((item) => item.reference)).not.toContain(running.id);
      expect((await offersIn(earlier)).map((item) => item.reference)).toContain(running.id);
      expect((await admin.get(`${OFFERS}/${running.id}`)).body.data).toMatchObject({
        status: 'archived',
        redemptions_count: 2,
      });
    });
  });

  describe('the admin’s credit bundles', () => {
    let provider: Person;
    let neighbour: Person;

    beforeAll(async () => {
      await archiveAll();
      provider = await it_.signUp('Bundle Receivers');
      neighbour = await it_.signUp('Bundle Neighbours');
    });

    it('gives a provider a bundle: 201, the ledger row with its provider, shown in the provider’s history', async () => {
      const answer = await admin.send('post', BUNDLES, {
        provider_id: provider.providerId,
        credits_qty: 25,
        category: 'customer_retention',
        note: '  Sorry for the delay  ',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toEqual({
        id: expect.any(Number),
        provider_id: provider.providerId,
        kind: 'grant',
        category: 'customer_retention',
        amount: 25,
        actor: adminId,
        reference: null,
        note: 'Sorry for the delay',
        status: null,
        created_at: expect.any(String),
      });
      const { provider_id: _providerId, ...asHistory } = answer.body.data;
      expect(await historyOf(provider)).toEqual([asHistory]);
      expect(await balanceOf(provider)).toEqual({
        credit_balance: 25,
        available_balance: 25,
        reserved_balance: 0,
      });
      const [row] = await rows<Record<string, unknown>>(
        db.dataSource,
        'SELECT kind, category, amount, actor, reference, note FROM credit_ledger WHERE id = $1',
        [answer.body.data.id],
      );
      expect(row).toEqual({
        kind: 'grant',
        category: 'customer_retention',
        amount: 25,
        actor: adminId,
        reference: null,
        note: 'Sorry for the delay',
      });
      const announced = await it_.published('billing.credits.changed.v1', provider.providerId);
      expect(announced.at(-1)).toMatchObject({ change: 'grant', category: 'customer_retention', amount: 25 });
      // The audit trail (issue 18): who gave what, the balances before and after.
      expect(await it_.adminChanges(provider.providerId)).toEqual([
        {
          provider_id: provider.providerId,
          admin_id: adminId,
          action: 'credits.given',
          before: { credit_balance: 0, available_balance: 0 },
          after: {
            credit_balance: 25,
            available_balance: 25,
            credits_qty: 25,
            category: 'customer_retention',
            note: 'Sorry for the delay',
          },
          changed_at: expect.any(String),
        },
      ]);
    });

    it('lists the credits that came in, of one provider or of all, newest first, a page at a time', async () => {
      await admin
        .send('post', BUNDLES, { provider_id: provider.providerId, credits_qty: 2, category: 'other' })
        .expect(201);
      const path = `/admin/providers/${provider.providerId}/credit_adjustments`;
      await admin
        .send('post', path, { category: 'billing_issue', amount: 4, note: 'credit back' })
        .expect(201);
      await admin.send('post', path, { category: 'billing_issue', amount: -3 }).expect(201);
      await it_.service.app.get(RpcClient).ask('billing.credits.reserve', {
        providerId: provider.providerId,
        amount: 1,
        reference: 'order:bundles',
      });
      await admin
        .send('post', BUNDLES, { provider_id: neighbour.providerId, credits_qty: 9, category: 'promotional' })
        .expect(201);

      const mine = await admin.get(`${BUNDLES}?provider_id=${provider.providerId}`);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 3 });
      expect(
        mine.body.data.items.map((item: Record<string, unknown>) => [
          item.provider_id,
          item.kind,
          item.category,
          item.amount,
          item.note,
        ]),
      ).toEqual([
        [provider.providerId, 'adjustment', 'billing_issue', 4, 'credit back'],
        [provider.providerId, 'grant', 'other', 2, null],
        [provider.providerId, 'grant', 'customer_retention', 25, 'Sorry for the delay'],
      ]);
      expect((await historyOf(provider)).map((item) => [item.kind, item.amount])).toEqual([
        ['spend', -1],
        ['adjustment', -3],
        ['adjustment', 4],
        ['grant', 2],
        ['grant', 25],
      ]);

      const everyone = await admin.get(`${BUNDLES}?page_size=2`);
      const [{ total }] = await rows<{ total: number }>(
        db.dataSource,
        `SELECT count(*)::int AS total FROM credit_ledger
          WHERE kind IN ('purchase', 'grant', 'voucher', 'offer') OR (kind = 'adjustment' AND amount > 0)`,
      );
      expect(everyone.body.data).toMatchObject({
        current_page: 1,
        total_count: total,
        total_pages: Math.ceil(total / 2),
      });
      expect(
        everyone.body.data.items.map((item: Record<string, unknown>) => [
          item.provider_id,
          item.kind,
          item.amount,
        ]),
      ).toEqual([
        [neighbour.providerId, 'grant', 9],
        [provider.providerId, 'adjustment', 4],
      ]);
      const second = await admin.get(`${BUNDLES}?page=2&page_size=2&provider_id=${provider.providerId}`);
      expect(second.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 3 });
      expect(second.body.data.items.map((item: Record<string, unknown>) => item.amount)).toEqual([25]);
      const nobody = await admin.get(`${BUNDLES}?provider_id=${uuidv7()}`);
      expect(nobody.body.data).toEqual({ items: [], current_page: 1, total_pages: 0, total_count: 0 });
    });

    it.each([
      ['no provider', { provider_id: undefined }, { provider_id: ['Required'] }],
      ['a provider id that is no id', { provider_id: 'acme' }, { provider_id: ['is not a provider id'] }],
      ['no credits', { credits_qty: undefined }, { credits_qty: ['Required'] }],
      ['0 credits', { credits_qty: 0 }, { credits_qty: ['must be at least 1'] }],
      ['1000001 credits', { credits_qty: 1_000_001 }, { credits_qty: ['must be at most 1000000'] }],
      ['1.5 credits', { credits_qty: 1.5 }, { credits_qty: ['must be a whole number of credits'] }],
      ['credits as text', { credits_qty: '5' }, { credits_qty: ['must be a whole number of credits'] }],
      ['no category', { category: undefined }, { category: ['Required'] }],
      [
        'an unknown category',
        { category: 'gift' },
        { category: [expect.stringMatching(/^must be one of: customer_purchase, /)] },
      ],
      ['a note of 501 characters', { note: 'x'.repeat(501) }, { note: ['must be at most 500 characters'] }],
    ])('refuses a bundle with %s with 422 and gives nothing', async (_, change, errors) => {
      const sent = { provider_id: neighbour.providerId, credits_qty: 5, category: 'other', ...change };
      const answer = await admin.send('post', BUNDLES, sent);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(errors);
      expect(await balanceOf(neighbour)).toMatchObject({ available_balance: 9 });
      expect(await it_.adminChanges(neighbour.providerId)).toHaveLength(1);
    });

    it('refuses a malformed provider_id in the list with 422', async () => {
      const answer = await admin.get(`${BUNDLES}?provider_id=acme`);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ provider_id: ['is not a provider id'] });
    });

    it('is the back office’s alone', async () => {
      for (const role of ['admin', 'scan_technician', 'member'] as const) {
        const someone = memberOf(provider.providerId, role);
        expect((await someone.get(BUNDLES)).status).toBe(403);
      }
      const answer = await provider.send('post', BUNDLES, {
        provider_id: provider.providerId,
        credits_qty: 100,
        category: 'other',
      });
      expect(answer.status).toBe(403);
      expect((await it_.staff('virtual_assistant').get(BUNDLES)).status).toBe(403);
      expect(await balanceOf(provider)).toMatchObject({ available_balance: 27 });
    });
  });
});

/**
 * Across the platform: a sign-up through identity's pages gives the sign-up offers (identity's own event), and the
 * admin's offers and bundles are billing's through the gateway.
 */
describe('offers across the platform', () => {
  let it_: BillingPlatform;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
  });
  afterAll(async () => {
    try {
      expect(await ledgerInvariantBreaches(it_.billingDb)).toEqual([]);
    } finally {
      await it_.stop();
    }
  });

  it('gives a provider set up at sign-up the sign-up offers once, and not a provider set up before the offer', async () => {
    const admin = await it_.signIn('admin@demo.test');
    const created = await admin.send('post', OFFERS, {
      name: 'Welcome to Tourly',
      redeem_action: 'sign_up_completed',
      credits: 3,
      category: 'trial',
    });
    expect(created.status).toBe(201);
    const offer = created.body.data as { id: string };

    const newcomer = await it_.signUp('Platform Newcomers');
    const [given] = await eventually(
      async () =>
        ((await newcomer.get(HISTORY).expect(200)).body.data.items as Array<Record<string, unknown>>).filter(
          (item) => item.kind === 'offer',
        ),
      (found) => found.length > 0,
      'the sign-up offer in the history',
    );
    expect(given).toMatchObject({
      kind: 'offer',
      category: 'trial',
      amount: 3,
      actor: 'system',
      reference: offer.id,
      note: 'Welcome to Tourly',
    });
    expect((await newcomer.get(`${REDEEMABLE}?redeem_action=sign_up_completed`)).body.data).toEqual([]);

    // The demo provider was set up (and its event announced) before the offer existed.
    const demo = await it_.signIn('provider@demo.test');
    const identityDb = it_.platform.services.identity.app.get(Database);
    const announced = (
      await rows<{ id: string }>(
        identityDb.dataSource,
        "SELECT id FROM outbox WHERE subject = 'identity.provider.created.v1'",
      )
    ).map((row) => row.id);
    expect(announced).toHaveLength(2);
    await eventually(
      async () =>
        (
          await rows<{ count: number }>(
            it_.billingDb.dataSource,
            'SELECT count(*)::int AS count FROM inbox WHERE event_id = ANY($1::uuid[])',
            [announced],
          )
        )[0]!.count,
      (count) => count === announced.length,
      'billing handling the providers set up',
    );
    expect((await demo.get(`${REDEEMABLE}?redeem_action=sign_up_completed`)).body.data).toEqual([
      expect.objectContaining({ id: offer.id }),
    ]);
    expect((await admin.get(`${OFFERS}/${offer.id}`)).body.data).toMatchObject({ redemptions_count: 1 });

    const bundle = await admin.send('post', BUNDLES, {
      provider_id: newcomer.providerId,
      credits_qty: 4,
      category: 'customer_service_issue',
      note: 'for the wait',
    });
    expect(bundle.status).toBe(201);
    const listed = await admin.get(`${BUNDLES}?provider_id=${newcomer.providerId}`);
    expect(
      listed.body.data.items.map((item: Record<string, unknown>) => [item.kind, item.amount, item.note]),
    ).toEqual([
      ['grant', 4, 'for the wait'],
      ['offer', 3, 'Welcome to Tourly'],
    ]);
  });
});
