import { PROVIDER_ADDRESSES, PROVIDER_BY_HOST } from '@tourly/contracts';
import { Database, RpcClient, rows } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { handledBy, startBillingPlatform, type BillingPlatform, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUBSCRIPTION = '/provider/billing/service_plan_subscription';
const TO_FREE = { service_plan_subscription: { product_code: 'free_tier_plan', interval: 'month' } };

/**
 * Issue 29 item 15: a downgrade to the free plan takes every shared tour and every published website offline, not
 * only the premium tours. The review names each of them and the day it happens; on that day the provider's admins
 * get a mail naming them, webhooks carry one event per tour and per website, and the white-label domain no longer
 * reads "Active".
 */
describe('a downgrade to the free plan: what it takes offline, reviewed, mailed and announced', () => {
  let it_: BillingPlatform;
  let receiver: WebhookReceiver;
  let provider: Person;
  let adminEmail: string;
  /** Harbour View: a premium tour and its website; Hill House: a basic tour; Quay Loft: nothing shared. */
  const ids: Record<'harbour' | 'hill' | 'quay', string> = { harbour: '', hill: '', quay: '' };

  async function aProperty(title: string, features: Record<string, boolean> | null): Promise<string> {
    const created = await provider
      .send('post', '/provider/properties', {
        create_tour_params: { title, address: `${title}, Sydney, Australia`, matterport_key: 'SxQL3iGyoDo' },
      })
      .expect(201);
    const id = created.body.data.id as string;
    if (features) {
      await provider
        .send('put', `/provider/properties/${id}/published_features`, { published_features: features })
        .expect(200);
    }
    return id;
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    it_ = await startBillingPlatform();
    provider = await it_.signUp('Offline Media');
    adminEmail = (await provider.get('/users/me').expect(200)).body.data.email;
    await provider
      .send('put', '/provider/billing/account', {
        name: 'Offline Media',
        email: 'billing@offline.test',
        address: '1 Main St',
        country: 'US',
      })
      .expect(200);
    const card = await it_.saveCard(provider, 'pm_card_visa');
    await provider
      .send('put', SUBSCRIPTION, {
        service_plan_subscription: {
          product_code: 'vt_creator_plan',
          interval: 'month',
          payment_method_id: card,
        },
      })
      .expect(200);
    await it_.settled();
    // The plan reaches properties and identity before anything is published or a domain asked for.
    const announced = await rows<{ id: string }>(
      it_.billingDb.dataSource,
      `SELECT id FROM outbox WHERE subject = 'billing.subscription.changed.v1' AND envelope ->> 'provider_id' = $1`,
      [provider.providerId],
    );
    await handledBy(
      it_,
      'properties',
      announced.map((event) => event.id),
    );
    await handledBy(
      it_,
      'identity',
      announced.map((event) => event.id),
    );
    ids.harbour = await aProperty('Harbour View', { tour: true, premium: true, website: true });
    ids.hill = await aProperty('Hill House', { tour: true });
    ids.quay = await aProperty('Quay Loft', null);

    await provider
      .send('post', '/provider/settings/whitelabel-domain', {
        whitelabeled_domain: { subdomain: 'tours.offline-media.test' },
      })
      .expect((r) => expect(r.status).toBeLessThan(300));
    // A virtual assistant set it up (a test builder, into identity's table).
    await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query(`UPDATE whitelabeled_domains SET status = 'active' WHERE provider_id = $1`, [
        provider.providerId,
      ]);
    await provider
      .send('post', '/provider/developers/webhooks_subscription/endpoints', {
        endpoint: {
          url: receiver.url('/offline'),
          event_types: ['tour.unpublished', 'website.unpublished', 'tours.deactivated'],
        },
      })
      .expect(201);
    const rpc = it_.platform.services.billing.app.get(RpcClient);
    expect(await rpc.ask(PROVIDER_BY_HOST, { domain: 'tours.offline-media.test' })).toEqual({
      providerId: provider.providerId,
    });
  }, 120_000);

  afterAll(async () => {
    await it_?.stop();
    await receiver?.stop();
  });

  it('reviews every tour and website that stops being shared, and the day it happens', async () => {
    const periodEnd = (await provider.get(SUBSCRIPTION).set('cache-control', 'no-cache')).body.data
      .current_period_end as string;
    const preview = await provider.send('post', `${SUBSCRIPTION}/preview_change`, TO_FREE).expect(200);
    expect(preview.body.data).toMatchObject({ starts_at: periodEnd, total_in_cents: 0 });
    expect(preview.body.data.withdrawals).toEqual({
      at: periodEnd,
      tours_unshared: [
        { property_id: ids.harbour, title: 'Harbour View' },
        { property_id: ids.hill, title: 'Hill House' },
      ],
      websites_unpublished: [{ property_id: ids.harbour, title: 'Harbour View' }],
      tours_turning_basic: [
        { property_id: ids.harbour, title: 'Harbour View', premium_since: expect.any(String) },
      ],
    });
    // A lower paid plan stops no sharing: Starter keeps both tours shared and the website published.
    const starter = await provider
      .send('post', `${SUBSCRIPTION}/preview_change`, {
        service_plan_subscription: { product_code: 'starter_plan', interval: 'month' },
      })
      .expect(200);
    expect(starter.body.data.withdrawals).toEqual({
      at: periodEnd,
      tours_unshared: [],
      websites_unpublished: [],
      tours_turning_basic: [],
    });
    // An upgrade stops nothing.
    const pro = await provider
      .send('post', `${SUBSCRIPTION}/preview_change`, {
        service_plan_subscription: { product_code: 'experience_creator_plan', interval: 'month' },
      })
      .expect(200);
    expect(pro.body.data.withdrawals).toBeNull();
  });

  it('on the day, mails the admins each of them, announces one webhook per tour and website, and pauses the domain', async () => {
    await provider.send('put', SUBSCRIPTION, TO_FREE).expect(200);
    const { current_period_end: periodEnd } = (
      await provider.get(SUBSCRIPTION).set('cache-control', 'no-cache')
    ).body.data;
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    await provider
      .send('post', '/provider/billing/advance_test_clock', {
        test_clock_id: clock.id,
        time: new Date(Date.parse(periodEnd) + DAY_MS).toISOString(),
      })
      .expect(200);
    await it_.settled();

    const mail = await eventually(
      async () => {
        const answer = await fetch(
          `${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(adminEmail)}`,
        );
        const { messages } = (await answer.json()) as {
          messages: Array<{ subject: string; textBody: string }>;
        };
        return messages.find((message) => message.subject === '2 tours and 1 website stopped being shared');
      },
      Boolean,
      'the mail about the tours and website taken offline',
    );
    const text = mail!.textBody;
    for (const line of [
      'Your plan is now Free',
      'Tours no longer shared (their links no longer work):\n- Harbour View\n- Hill House',
      'Websites no longer published:\n- Harbour View',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Quay Loft');

    const arrived = await eventually(
      async () => receiver.at('/offline').map((webhook) => webhook.payload),
      (payloads) => payloads.length >= 4,
      'the webhooks of the withdrawal',
    );
    const byType = (type: string) =>
      arrived
        .filter((payload) => payload.type === type)
        .map((payload) => payload.data)
        .sort((a, b) => String(a.property_id).localeCompare(String(b.property_id)));
    expect(byType('tour.unpublished')).toEqual(
      [
        { provider_id: provider.providerId, property_id: ids.harbour, premium: false },
        { provider_id: provider.providerId, property_id: ids.hill, premium: false },
      ].sort((a, b) => a.property_id.localeCompare(b.property_id)),
    );
    expect(byType('website.unpublished')).toEqual([
      { provider_id: provider.providerId, property_id: ids.harbour },
    ]);
    expect(byType('tours.deactivated')).toEqual([
      { provider_id: provider.providerId, property_ids: [ids.harbour] },
    ]);

    const settings = (await provider.get('/provider/settings').expect(200)).body.data;
    expect(settings.whitelabel_domain).toMatchObject({
      subdomain: 'tours.offline-media.test',
      status: 'paused',
    });
    // Paused, it serves nothing: the gateway finds no provider behind it, and tour links no longer use it.
    const rpc = it_.platform.services.billing.app.get(RpcClient);
    expect(await rpc.ask(PROVIDER_BY_HOST, { domain: 'tours.offline-media.test' })).toEqual({
      providerId: null,
    });
    expect(await rpc.ask(PROVIDER_ADDRESSES, { providerId: provider.providerId })).toMatchObject({
      whitelabelDomain: null,
    });
  });
});
