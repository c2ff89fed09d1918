import {
  concernedBy,
  creditsPurchaseOf,
  isStripeEvent,
  refundOf,
  webhookVersionUsable,
} from './webhooks.rules';

describe('isStripeEvent: what intake stores', () => {
  it.each<[string, unknown, boolean]>([
    ['an event', { id: 'evt_1', type: 'invoice.paid', created: 1760000000 }, true],
    ['an empty object', {}, false],
    ['a list', [], false],
    ['null', null, false],
    ['an empty id', { id: '', type: 'invoice.paid', created: 1 }, false],
    ['an empty type', { id: 'evt_1', type: '', created: 1 }, false],
    ['created as text', { id: 'evt_1', type: 'invoice.paid', created: '1' }, false],
    ['created not finite', { id: 'evt_1', type: 'invoice.paid', created: Infinity }, false],
  ])('%s: %s', (_case, value, stored) => {
    expect(isStripeEvent(value)).toBe(stored);
  });
});

describe('concernedBy: the subscriptions an event is about', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof concernedBy>]>([
    [
      'customer.subscription.updated',
      { id: 'sub_1', metadata: { kind: 'immersive_extension' } },
      { subscriptions: [{ id: 'sub_1', metadata: { kind: 'immersive_extension' } }] },
    ],
    [
      'invoice.paid',
      { parent: { subscription_details: { subscription: 'sub_2', metadata: { provider_id: 'p' } } } },
      { subscriptions: [{ id: 'sub_2', metadata: { provider_id: 'p' } }] },
    ],
    [
      'invoice.payment_failed',
      { parent: { subscription_details: { subscription: { id: 'sub_3' } } } },
      { subscriptions: [{ id: 'sub_3', metadata: undefined }] },
    ],
    ['invoice.created', { parent: null }, { subscriptions: [] }],
    ['subscription_schedule.released', { subscription: 'sub_4' }, { subscriptions: [{ id: 'sub_4' }] }],
    ['subscription_schedule.canceled', { subscription: null }, { subscriptions: [] }],
    ['test_helpers.test_clock.ready', { id: 'clock_1' }, { testClock: 'clock_1' }],
    ['customer.updated', { id: 'cus_1' }, undefined],
    ['payment_intent.succeeded', { id: 'pi_1' }, undefined],
  ])('%s', (type, object, concerned) => {
    expect(concernedBy(type, object)).toEqual(concerned);
  });
});

describe('webhookVersionUsable: events carry parent.subscription_details', () => {
  it.each<[string | null, boolean]>([
    ['2026-10-28.endive', true],
    ['2025-03-31.basil', true],
    ['2025-02-24.acacia', false],
    ['2020-08-27', false],
    [null, false],
  ])('%s: %s', (version, usable) => {
    expect(webhookVersionUsable(version)).toBe(usable);
  });
});

describe('creditsPurchaseOf: the credits purchase a payment intent event is about', () => {
  const credits = { id: 'pi_1', metadata: { kind: 'credits_purchase', provider_id: 'p', credits_qty: '10' } };
  it.each<[string, string, Record<string, unknown>, string | undefined]>([
    ['a credits intent that succeeded', 'payment_intent.succeeded', credits, 'pi_1'],
    ['a credits intent that failed', 'payment_intent.payment_failed', credits, 'pi_1'],
    ['an invoice intent', 'payment_intent.succeeded', { id: 'pi_2', metadata: {} }, undefined],
    ['an intent without metadata', 'payment_intent.succeeded', { id: 'pi_3' }, undefined],
    ['another type', 'invoice.paid', credits, undefined],
  ])('%s', (_case, type, object, intentId) => {
    expect(creditsPurchaseOf(type, object)).toBe(intentId);
  });
});

describe('refundOf: the refund a refund event is about', () => {
  it.each<[string, string, Record<string, unknown>, string | undefined]>([
    ['a refund of a payment intent', 'refund.created', { id: 're_1', payment_intent: 'pi_1' }, 're_1'],
    ['its update', 'refund.updated', { id: 're_1', payment_intent: { id: 'pi_1' } }, 're_1'],
    ['a refund of no payment intent', 'refund.created', { id: 're_2', payment_intent: null }, undefined],
    ['another type', 'payment_intent.succeeded', { id: 're_1', payment_intent: 'pi_1' }, undefined],
  ])('%s', (_case, type, object, refundId) => {
    expect(refundOf(type, object)).toBe(refundId);
  });
});
