import {
  IMMERSIVE_EXTENSION_SUBSCRIBE,
  type ImmersiveExtensionChangedV1,
  type ImmersiveExtensionPayment,
} from '@tourly/contracts';
import { Database, outboxChannel, RpcClient, uuidv7, type SettledDelivery, rows } from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { PremiumToursService } from '../src/premium-tours/premium-tours.service';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const QUOTA_FULL =
  'Your plan includes 20 premium tours and all are in use. Upgrade your plan, pay for this tour on its own, or turn another tour basic first.';

/**
 * Pay-and-publish (001 §7, 000 "pay-and-publish modal"): a Starter provider whose 20 premium tours are in use pays
 * for one more tour on its own, a monthly subscription in billing (an "immersive extension") outside the quota.
 * Declined cards, 3-D Secure, the person stopping it and Stripe ending it, against the Stripe emulator and NATS.
 */
describe('pay-and-publish: a premium tour beyond the quota, paid on its own', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let visa: string;
  const quotaTours: string[] = [];
  let extra: string;
  let secured: string;

  const newProperty = async (title: string) => {
    const created = await provider.send('post', '/provider/properties', {
      create_tour_params: {
        title,
        address: '5 Harbour St, Sydney, Australia',
        matterport_key: 'SxQL3iGyoDo',
      },
    });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  };
  const publishPremium = (id: string, payment: Record<string, unknown> = {}, person = provider) =>
    person.send('put', `/provider/properties/${id}/published_features`, {
      published_features: { tour: true, premium: true },
      ...payment,
    });
  const extensions = async (person = provider) =>
    (await person.get('/provider/billing/immersive_extensions')).body.data;
  const property = async (id: string) => (await provider.get(`/provider/properties/${id}`)).body.data;
  /** Once billing has settled: waits until properties has handled billing's event about this extension's status. */
  const propertiesHandled = async (extensionId: string, status: string) => {
    await it_.settled();
    const [event] = await rows<{ id: string }>(
      it_.billingDb.dataSource,
      `SELECT id FROM outbox WHERE subject = 'billing.immersive_extension.changed.v1'
          AND envelope -> 'data' ->> 'extension_id' = $1 AND envelope -> 'data' ->> 'status' = $2`,
      [extensionId, status],
    );
    expect(event).toBeDefined();
    await propertiesHandledEvent(event!.id);
  };
  const propertiesHandledEvent = async (eventId: string) => {
    const deliveries = it_.platform.services.properties.deliveries;
    const handled = new Promise<void>((resolve) => {
      const listener = (settled: SettledDelivery) => {
        if (settled.eventId !== eventId || settled.outcome !== 'handled') return;
        deliveries.off('settled', listener);
        resolve();
      };
      deliveries.on('settled', listener);
    });
    const inbox = await rows<unknown>(
      it_.propertiesDb.dataSource,
      'SELECT 1 FROM inbox WHERE event_id = $1',
      [eventId],
    );
    if (inbox.length === 0) await handled;
  };
  /**
   * Billing's event about this extension's status delivered again late, as a new message, once properties has
   * handled it; `occurredAt` replaces its time (as announced by a billing replica whose clock ran ahead).
   */
  const deliveredAgainLate = async (extensionId: string, status: string, occurredAt?: string) => {
    const lateId = uuidv7();
    await it_.billingDb.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO outbox (id, subject, envelope)
         SELECT $1::uuid, subject,
                jsonb_set(jsonb_set(envelope, '{id}', to_jsonb($1::text)), '{occurred_at}',
                          coalesce(to_jsonb($4::text), envelope -> 'occurred_at'))
           FROM outbox
          WHERE subject = 'billing.immersive_extension.changed.v1'
            AND envelope -> 'data' ->> 'extension_id' = $2 AND envelope -> 'data' ->> 'status' = $3`,
        [lateId, extensionId, status, occurredAt ?? null],
      );
      await tx.query('SELECT pg_notify($1, $2)', [outboxChannel('billing'), '']);
    });
    await propertiesHandledEvent(lateId);
  };
  /** Properties' record of billing's word on a tour paid on its own. */
  const recorded = async (id: string) =>
    (
      await it_.propertiesDb.dataSource.query(
        `SELECT premium, immex_subscription_id AS "extensionId", immex_version::int AS version
           FROM properties WHERE id = $1`,
        [id],
      )
    )[0] as { premium: boolean; extensionId: string | null; version: number | null };

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    [provider, other] = await Promise.all([it_.signUp('Harbour Media'), it_.signUp('Rival Media')]);
    await provider.send('put', '/provider/billing/account', {
      name: 'Harbour Media',
      email: 'billing@harbour.test',
      address: '5 Harbour St',
      country: 'AU',
    });
    visa = await it_.saveCard(provider, 'pm_card_visa');
    const planKnown = nextDelivery(it_.platform.services.properties, 'billing.subscription.changed.v1');
    const starter = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: { product_code: 'starter_plan', interval: 'month', payment_method_id: visa },
    });
    expect(starter.body.data.result).toBe('success');
    await planKnown;
    for (let n = 1; n <= 20; n += 1) {
      const id = await newProperty(`Quota tour ${n}`);
      expect((await publishPremium(id)).status).toBe(200);
      quotaTours.push(id);
    }
    extra = await newProperty('The one beyond');
    secured = await newProperty('Paid after 3-D Secure');
  }, 60_000);
  afterAll(() => it_.stop());

  it('refuses a premium tour beyond the quota without a card, and the preview offers to pay for it', async () => {
    const refused = await publishPremium(extra);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ base: [QUOTA_FULL] });

    const preview = await provider.send('post', `/provider/properties/${extra}/preview_publish`, {
      published_features: { tour: true, premium: true },
    });
    expect(preview.body.data).toMatchObject({
      allowed: false,
      reason: QUOTA_FULL,
      premium_tours_used: 21,
      premium_tour_limit: 20,
      payment_required: true,
      // The spec shows no price: ours, in the billing account's currency (usd by default).
      price: { amount_in_cents: 495, currency: 'usd', interval: 'month' },
    });
    // Room in the quota: nothing to pay, no price.
    const within = await provider.send('post', `/provider/properties/${quotaTours[0]}/preview_publish`, {
      published_features: { tour: true, premium: true },
    });
    expect(within.body.data).toMatchObject({ allowed: true, payment_required: false, price: null });
  });

  it('refuses a declined card in the issuer’s words, publishing nothing and keeping no subscription', async () => {
    const declined = await it_.saveCard(provider, 'pm_card_chargeCustomerFail');
    const attempt = await publishPremium(extra, { payment_method_id: declined });
    expect(attempt.status).toBe(402);
    expect(attempt.body.errors.base[0]).toMatch(/declined/i);
    expect(await property(extra)).toMatchObject({
      published_features: { tour: false, premium: false },
      immex_subscription_id: null,
    });
    expect((await extensions()).items).toEqual([]);
    await provider.send('delete', `/provider/billing/account/credit_card/${declined}`);
  });

  it('pays for the tour with a card, makes it premium outside the quota, and lists the payment in billing', async () => {
    const paid = await publishPremium(extra, { payment_method_id: visa, set_as_default_payment: true });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      id: extra,
      tour_type: 'premium',
      published_features: { tour: true, premium: true },
      payment: { result: 'success', client_secret: null },
    });
    const extensionId = paid.body.data.immex_subscription_id as string;
    expect(extensionId).toMatch(/^sub_/);
    expect(paid.body.data.payment.extension_id).toBe(extensionId);

    const listed = await extensions();
    expect(listed).toMatchObject({ total_count: 1, current_page: 1, total_pages: 1 });
    expect(listed.items[0]).toMatchObject({
      id: extensionId,
      property_id: extra,
      property_title: 'The one beyond',
      status: 'active',
      active: true,
      amount_in_cents: 495,
      currency: 'usd',
      ended_at: null,
    });
    const stripe = await it_.stripe.subscriptions.retrieve(extensionId);
    expect(stripe.items.data[0]!.price.unit_amount).toBe(495);
    expect(stripe.metadata).toMatchObject({ kind: 'immersive_extension', property_id: extra });

    // Billing asked again for the same tour (a page's second request racing billing's event): no second charge.
    const askedAgain = await it_.platform.services.properties.app
      .get(RpcClient)
      .ask<ImmersiveExtensionPayment>(IMMERSIVE_EXTENSION_SUBSCRIBE, {
        providerId: provider.providerId,
        propertyId: extra,
        propertyTitle: 'The one beyond',
        paymentMethodId: visa,
      });
    // The answer carries the version of billing's word on the tour: the payment, its first.
    expect(askedAgain).toEqual({ result: 'success', clientSecret: null, extensionId, version: 1 });
    // Sending the same request again pays nothing more.
    const again = await publishPremium(extra, { payment_method_id: visa });
    expect(again.body.data.immex_subscription_id).toBe(extensionId);
    expect((await extensions()).total_count).toBe(1);
    // Outside the quota: the 20 quota tours are still all a downgrade to 0 would touch.
    const preview = await provider.get('/provider/properties/premium_tours/deactivation_preview?limit=0');
    expect(preview.body.data.tours.map((tour: { id: string }) => tour.id)).toEqual(quotaTours);
    expect(
      (await provider.get('/provider/properties?filters[tour_type]=premium')).body.data.total_count,
    ).toBe(21);
    // The billing page's premium tours: the 21, newest first.
    const billingPage = (await provider.get('/provider/billing/premium_tours?page_size=5')).body.data;
    expect(billingPage).toMatchObject({ total_count: 21, total_pages: 5 });
    expect(billingPage.items[0]).toMatchObject({ id: extra, immex_subscription_id: extensionId });
  });

  it('keeps another provider out: their property id is a 404 and their billing lists nothing of it', async () => {
    const theirs = await publishPremium(extra, { payment_method_id: visa }, other);
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors).toEqual({ base: ['Property not found'] });
    expect((await extensions(other)).items).toEqual([]);
    const cancel = await other.send('post', `/provider/properties/${extra}/unpublish_immex_subscription`);
    expect(cancel.status).toBe(404);
    expect((await property(extra)).published_features.premium).toBe(true);
  });

  it('waits for 3-D Secure: nothing changes until the person confirms, then the tour is premium', async () => {
    const secure = await it_.saveCard(provider, 'pm_card_authenticationRequired');
    const pending = await publishPremium(secured, {
      payment_method_id: secure,
      set_as_default_payment: true,
    });
    expect(pending.status).toBe(200);
    expect(pending.body.data.payment).toMatchObject({ result: 'requires_action' });
    expect(pending.body.data.payment.client_secret).toMatch(/_secret_/);
    expect(pending.body.data).toMatchObject({ tour_type: 'basic', immex_subscription_id: null });

    // Confirmed, and the person never comes back: Stripe's webhook reaches billing, billing's event properties.
    await it_.authenticate(pending.body.data.payment.client_secret, 'complete');
    await propertiesHandled(pending.body.data.payment.extension_id, 'active');
    expect(await property(secured)).toMatchObject({
      tour_type: 'premium',
      immex_subscription_id: pending.body.data.payment.extension_id,
    });
    // The page sends its request again after confirming: it publishes the tour, paying nothing more.
    const completed = await publishPremium(secured, { payment_method_id: secure });
    expect(completed.body.data).toMatchObject({
      published_features: { tour: true, premium: true },
      immex_subscription_id: pending.body.data.payment.extension_id,
      payment: null,
    });
    expect((await extensions()).total_count).toBe(2);
    // Made the default as asked, although the page's second request found the tour paid already.
    const cards = (await provider.get('/provider/billing/account/credit_cards')).body.data;
    expect(cards.find((card: { id: string }) => card.id === secure)).toMatchObject({ is_default: true });
  });

  it('stops paying when the person turns the tour basic (unpublish_immex_subscription)', async () => {
    const extensionId = (await property(extra)).immex_subscription_id as string;
    const stopped = await provider.send('post', `/provider/properties/${extra}/unpublish_immex_subscription`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({
      tour_type: 'basic',
      published_features: { tour: false, premium: false },
      immex_subscription_id: null,
    });
    expect((await it_.stripe.subscriptions.retrieve(extensionId)).status).toBe('canceled');
    const ended = (await extensions()).items.find((item: { id: string }) => item.id === extensionId);
    expect(ended).toMatchObject({ status: 'canceled', active: false });
    expect(ended.ended_at).not.toBeNull();
  });

  it('keeps the tour basic when billing’s payment, announced by a replica 120 s ahead, arrives after the person stopped it', async () => {
    const extensionId = ((await extensions()).items as Array<{ id: string; property_id: string }>).find(
      (item) => item.property_id === extra,
    )!.id;
    await propertiesHandled(extensionId, 'canceled');
    // Announced "later" than properties' own clock when the person stopped it, but an older version than billing's
    // answer to the cancellation (2; the payment was 1), recorded with it; the cancellation's event, the same
    // version, changed nothing either.
    await deliveredAgainLate(extensionId, 'active', new Date(Date.now() + 120_000).toISOString());
    expect(await recorded(extra)).toEqual({ premium: false, extensionId: null, version: 2 });
  });

  it('turns the tour basic when Stripe ends its subscription, and says so', async () => {
    const extensionId = (await property(secured)).immex_subscription_id as string;
    await it_.stripe.subscriptions.cancel(extensionId);
    await propertiesHandled(extensionId, 'canceled');
    expect(await property(secured)).toMatchObject({ tour_type: 'basic', immex_subscription_id: null });
    const announced = await rows<{ ids: string[] }>(
      it_.propertiesDb.dataSource,
      `SELECT envelope -> 'data' -> 'property_ids' AS ids FROM outbox WHERE subject = 'properties.tours.deactivated.v1'`,
    );
    expect(announced.map((row) => row.ids)).toEqual([[secured]]);

    // Billing's older word (the payment confirmed) delivered again late, as a new message: it changes nothing.
    await deliveredAgainLate(extensionId, 'active');
    expect(await property(secured)).toMatchObject({ tour_type: 'basic', immex_subscription_id: null });
  });

  describe('billing’s words on a tour, ordered by their version', () => {
    const apply = (event: ImmersiveExtensionChangedV1, occurredAt: string) => {
      const properties = it_.platform.services.properties.app;
      return properties
        .get(Database)
        .transaction((tx) => properties.get(PremiumToursService).applyExtensionChange(event, occurredAt, tx));
    };
    const paid = (
      propertyId: string,
      extensionId: string,
      version?: number,
    ): ImmersiveExtensionChangedV1 => ({
      providerId: provider.providerId,
      propertyId,
      extensionId,
      status: 'active',
      active: true,
      version,
    });
    const ended = (...word: Parameters<typeof paid>): ImmersiveExtensionChangedV1 => ({
      ...paid(...word),
      status: 'canceled',
      active: false,
    });
    const now = Date.now();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

    it('applies a newer version though announced earlier; an older or equal one, or one without, changes nothing', async () => {
      const id = await newProperty('Ordered by version');
      // Paid, announced by a billing replica 120 s ahead; then ended (the next version) by one on time.
      await apply(paid(id, 'sub_first', 1), at(120_000));
      await apply(ended(id, 'sub_first', 2), at(0));
      expect(await recorded(id)).toEqual({ premium: false, extensionId: null, version: 2 });

      // Older or equal versions arriving late, however late their occurred_at, and a word without a version.
      await apply(paid(id, 'sub_first', 1), at(600_000));
      await apply(paid(id, 'sub_first', 2), at(600_000));
      await apply(paid(id, 'sub_first'), at(600_000));
      expect(await recorded(id)).toEqual({ premium: false, extensionId: null, version: 2 });

      // The next payment's end (4) delivered before its start (3): the start, older, never makes the tour premium.
      await apply(ended(id, 'sub_second', 4), at(0));
      await apply(paid(id, 'sub_second', 3), at(0));
      expect(await recorded(id)).toEqual({ premium: false, extensionId: null, version: 4 });
    });

    it('keeps the old order among words without a version (occurred_at), all older than one with a version', async () => {
      const id = await newProperty('Ordered by time');
      await apply(paid(id, 'sub_old'), at(0));
      await apply(ended(id, 'sub_old'), at(-60_000));
      expect(await recorded(id)).toEqual({ premium: true, extensionId: 'sub_old', version: null });
      await apply(ended(id, 'sub_old', 1), at(-120_000));
      expect(await recorded(id)).toEqual({ premium: false, extensionId: null, version: 1 });
    });
  });
});
