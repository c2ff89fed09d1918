import type { EventEnvelope } from '@tourly/contracts';
import { offerFormErrors, offerStatus, offerTrigger, type TriggerEvent } from './offers.rules';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('offerStatus', () => {
  it.each([
    // starts, ends, archived, status
    [null, null, null, 'running'],
    ['2026-06-01T00:00:00Z', null, null, 'running'],
    ['2026-06-15T12:00:00Z', null, null, 'running'],
    ['2026-06-15T12:00:01Z', null, null, 'scheduled'],
    [null, '2026-06-15T12:00:01Z', null, 'running'],
    [null, '2026-06-15T12:00:00Z', null, 'ended'],
    ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', null, 'ended'],
    ['2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z', null, 'scheduled'],
    [null, null, '2026-06-01T00:00:00Z', 'archived'],
    ['2026-07-01T00:00:00Z', null, '2026-06-01T00:00:00Z', 'archived'],
    ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-06-01T00:00:00Z', 'archived'],
  ] as const)('starts %s, ends %s, archived %s: %s', (startsAt, endsAt, archivedAt, status) => {
    expect(
      offerStatus(
        {
          startsAt: startsAt ? at(startsAt) : null,
          endsAt: endsAt ? at(endsAt) : null,
          archivedAt: archivedAt ? at(archivedAt) : null,
        },
        NOW,
      ),
    ).toBe(status);
  });
});

describe('offerFormErrors', () => {
  it.each([
    [{}, {}],
    [{ startsAt: '2026-06-01T00:00:00Z' }, {}],
    [{ endsAt: '2026-06-01T00:00:00Z' }, {}],
    [{ startsAt: null, endsAt: null }, {}],
    [{ startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-01T00:00:01Z' }, {}],
    [
      { startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' },
      { endsAt: 'must be after starts_at' },
    ],
    [{ startsAt: '2026-06-02', endsAt: '2026-06-01' }, { endsAt: 'must be after starts_at' }],
    [{ startsAt: '2026-06-01T10:00:00+02:00', endsAt: '2026-06-01T09:00:00Z' }, {}],
    [{ startsAt: '2026-W22-1' }, { startsAt: 'Invalid Date' }],
    [{ startsAt: '2026-06-01T00:00:00,5Z', endsAt: '2026-06-02' }, { startsAt: 'Invalid Date' }],
    [{ startsAt: '2026-06-02', endsAt: '2026-W22-1' }, { endsAt: 'Invalid Date' }],
    [{ startsAt: '0001-01-01T00:00:00+01:00' }, { startsAt: 'Invalid Date' }],
    [{ startsAt: '0001-01-01T00:00:00Z', endsAt: '9999-12-31T23:59:59.999Z' }, {}],
    [{ endsAt: '9999-12-31T23:59:59-01:00' }, { endsAt: 'Invalid Date' }],
  ])('%j: %j', (form, errors) => {
    expect(offerFormErrors(form)).toEqual(errors);
  });
});

describe('offerTrigger', () => {
  const providerId = '0190f0a0-0000-7000-8000-000000000001';
  const id = '0190f0a0-0000-7000-8000-0000000000ee';
  const occurredAt = '2026-06-15T12:00:00.000Z';
  const envelope = (type: string, data: object) =>
    ({ id, type, occurredAt, providerId, data: { providerId, ...data } }) as unknown as TriggerEvent;
  const credits = (change: string, reference: string | null) =>
    envelope('billing.credits.changed.v1', {
      change,
      category: 'customer_purchase',
      amount: 10,
      reference,
      availableBalance: 10,
      reservedBalance: 0,
      version: 1,
    });
  const purchased = (paymentIntentId: string) =>
    envelope('billing.credits.purchased.v1', { paymentIntentId, credits: 10 });
  const plan = (productCode: string, status: string) =>
    envelope('billing.subscription.changed.v1', {
      productCode,
      interval: 'month',
      status,
      premiumTourLimit: 5,
      version: 1,
    });
  const gives = (action: string, reference: string) => ({
    providerId,
    action,
    reference,
    at: at(occurredAt),
  });

  it.each([
    ['a purchase', purchased('pi_123'), gives('credits_purchased', 'pi_123')],
    ["a purchase's change of credits (its purchase event gives)", credits('purchase', 'pi_123'), null],
    ['an admin bundle', credits('grant', null), null],
    ['an offer given', credits('offer', 'offer-id'), null],
    ['a voucher', credits('voucher', 'CODE'), null],
    ['an adjustment', credits('adjustment', null), null],
    ['a reservation', credits('reserve', 'order:1'), null],
    ['a release', credits('release', 'order:1'), null],
    ['Starter active', plan('starter_plan', 'active'), gives('subscription_created', id)],
    ['Pro in its trial', plan('experience_creator_plan', 'trialing'), gives('subscription_created', id)],
    ['Creator past due', plan('vt_creator_plan', 'past_due'), null],
    ['Starter incomplete', plan('starter_plan', 'incomplete'), null],
    ['Starter canceled', plan('starter_plan', 'canceled'), null],
    ['the free plan', plan('free_tier_plan', 'active'), null],
    [
      'a provider set up',
      envelope('identity.provider.created.v1', { name: 'Harbour' }),
      gives('sign_up_completed', id),
    ],
    [
      'an order placed',
      envelope('orders.order.placed.v1', { orderId: 'order-7', kind: 'floorplan' }),
      gives('any_order_placed', 'order-7'),
    ],
    ['another event', envelope('properties.tour.published.v1', { propertyId: 'p', premium: true }), null],
  ] as Array<[string, TriggerEvent | EventEnvelope, object | null]>)('%s', (_, event, trigger) => {
    expect(offerTrigger(event as TriggerEvent)).toEqual(trigger);
  });
});
