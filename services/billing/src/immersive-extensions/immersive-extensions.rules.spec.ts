import type { SubscriptionStatus } from '@tourly/contracts';
import { extensionOf, markedAsExtension, paysForTour } from './immersive-extensions.rules';

describe('an extension pays for its tour as a plan applies: in good standing', () => {
  it.each<[SubscriptionStatus, boolean]>([
    ['past_due', true],
    ['unpaid', false],
  ])('%s: %s', (status, pays) => {
    expect(paysForTour(status)).toBe(pays);
  });
});

describe("a Stripe subscription's metadata marks an extension", () => {
  it.each<[Record<string, string> | null | undefined, boolean]>([
    [{ kind: 'immersive_extension' }, true],
    [{ kind: 'plan' }, false],
    [{ provider_id: 'p' }, false],
    [null, false],
    [undefined, false],
  ])('%j: %s', (metadata, marked) => {
    expect(markedAsExtension(metadata)).toBe(marked);
  });
});

it('an extension as the list shows it: times in ISO, active from its status', () => {
  expect(
    extensionOf({
      id: 'sub_1',
      providerId: 'provider-1',
      propertyId: 'property-1',
      propertyTitle: 'Harbour View',
      status: 'past_due',
      amount: 495,
      currency: 'usd',
      currentPeriodEnd: new Date('2026-02-01T00:00:00Z'),
      endedAt: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    }),
  ).toEqual({
    id: 'sub_1',
    propertyId: 'property-1',
    propertyTitle: 'Harbour View',
    status: 'past_due',
    active: true,
    amountInCents: 495,
    currency: 'usd',
    currentPeriodEnd: '2026-02-01T00:00:00.000Z',
    endedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
});
