import type { SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, EventBus } from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { PermissionsService } from '../src/permissions/permissions.service';
import { startIdentityPlatform, type SignedIn } from './support';

/**
 * What a provider may do follows its plan, which identity learns from billing's events: they are published
 * here through billing's real outbox, as billing will, and travel over NATS JetStream to identity.
 */
describe('permissions', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let provider: SignedIn;
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    provider = await it_.signedIn('provider@demo.test');
    demoMedia = (provider.body.current_provider as { id: string }).id;
  });
  afterAll(() => it_.stop());

  /** Billing's outbox, as the billing service writes it; resolves once identity has handled the event. */
  async function billingPublishes(change: Omit<SubscriptionChangedV1, 'providerId'>): Promise<void> {
    const handled = nextDelivery(it_.platform.services.identity, 'billing.subscription.changed.v1');
    const billing = it_.platform.services.billing.app;
    await billing
      .get(Database)
      .transaction((tx) =>
        billing
          .get(EventBus)
          .publish('billing.subscription.changed.v1', { providerId: demoMedia, ...change }, tx),
      );
    await handled;
  }

  async function publishing(): Promise<Record<string, unknown>> {
    return (await it_.http.get('/provider/permissions/publishing').set('cookie', provider.cookie)).body.data;
  }

  it('keeps a free-plan provider from publishing, sharing and the paid features', async () => {
    const response = await it_.http.get('/provider/permissions/publishing').set('cookie', provider.cookie);
    expect(response.body.data).toEqual({
      product_code: 'free_tier_plan',
      status: null,
      can_publish: false,
      can_share: false,
      heat_map: false,
      booking_form: false,
      client_portal: false,
      whitelabel_domain: false,
      premium_tour_limit: 0,
    });
    const studio = await it_.http.get('/provider/features/creator_studio').set('cookie', provider.cookie);
    expect(studio.body.data).toEqual({ enabled: false });
  });

  it('follows billing’s subscription events: a trial unlocks, Creator adds white-label, cancelling locks again', async () => {
    await billingPublishes({
      productCode: 'starter_plan',
      interval: 'month',
      status: 'trialing',
      premiumTourLimit: 20,
    });
    expect(await publishing()).toMatchObject({
      status: 'trialing',
      can_publish: true,
      can_share: true,
      heat_map: true,
      whitelabel_domain: false,
      premium_tour_limit: 20,
    });

    await billingPublishes({
      productCode: 'vt_creator_plan',
      interval: 'year',
      status: 'active',
      premiumTourLimit: 100,
    });
    expect(await publishing()).toMatchObject({
      whitelabel_domain: true,
      premium_tour_limit: 100,
    });
    expect(
      (await it_.http.get('/provider/features/creator_studio').set('cookie', provider.cookie)).body.data,
    ).toEqual({
      enabled: true,
    });

    await billingPublishes({
      productCode: 'vt_creator_plan',
      interval: 'year',
      status: 'canceled',
      premiumTourLimit: 100,
    });
    expect(await publishing()).toMatchObject({
      product_code: 'free_tier_plan',
      can_publish: false,
      premium_tour_limit: 0,
    });
  });

  it('orders billing’s changes by their version, not by when they were announced: a stale version changes nothing', async () => {
    const identity = it_.platform.services.identity.app;
    const apply = (change: Omit<SubscriptionChangedV1, 'providerId'>, occurredAt: string) =>
      identity
        .get(Database)
        .transaction((tx) =>
          identity
            .get(PermissionsService)
            .applySubscriptionChange({ providerId: demoMedia, ...change }, occurredAt, tx),
        );
    const now = Date.now();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const starter = {
      productCode: 'starter_plan',
      interval: 'month',
      status: 'active',
      premiumTourLimit: 20,
    } as const;
    const creator = { ...starter, productCode: 'vt_creator_plan', premiumTourLimit: 100 } as const;
    const cancelled = { ...starter, status: 'canceled' } as const;

    // Starter announced by a billing replica 120 s ahead, then Creator (the next version) by one on time: the
    // provider is on Creator, though its occurred_at is earlier.
    await apply({ ...starter, version: 1 }, at(120_000));
    await apply({ ...creator, version: 2 }, at(0));
    expect(await publishing()).toMatchObject({ product_code: 'vt_creator_plan', premium_tour_limit: 100 });

    // An older version arriving late changes nothing, however late it says it was announced; the same version again
    // neither; nor an event without a version (from before billing had them), older than any with one.
    await apply({ ...cancelled, version: 1 }, at(600_000));
    await apply({ ...cancelled, version: 2 }, at(600_000));
    await apply(cancelled, at(600_000));
    expect(await publishing()).toMatchObject({
      product_code: 'vt_creator_plan',
      status: 'active',
      premium_tour_limit: 100,
    });

    // Through billing's outbox and NATS: the next version applies.
    await billingPublishes({ ...cancelled, version: 3 });
    expect(await publishing()).toMatchObject({ product_code: 'free_tier_plan', premium_tour_limit: 0 });
  });

  it('answers account permissions by role', async () => {
    const admin = await it_.http.get('/provider/permissions/account').set('cookie', provider.cookie);
    expect(admin.body.data).toEqual({
      role: 'admin',
      manage_billing: true,
      manage_users: true,
      manage_settings: true,
      manage_properties: true,
      view_properties: true,
    });
    await it_.aUser('client@demo.test', { providerId: demoMedia, role: 'client_user' });
    const client = await it_.signedIn('client@demo.test');
    const clientView = await it_.http.get('/provider/permissions/account').set('cookie', client.cookie);
    expect(clientView.body.data).toMatchObject({
      role: 'client_user',
      manage_properties: false,
      view_properties: true,
    });
    const staff = await it_.signedIn('va@demo.test');
    expect((await it_.http.get('/provider/permissions/account').set('cookie', staff.cookie)).status).toBe(
      403,
    );
  });
});
