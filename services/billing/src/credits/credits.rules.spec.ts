import { creditsPrice, creditsRequestErrors } from './credits.rules';

describe('creditsPrice', () => {
  it.each([
    // credits, currency, bundle, discount %, subtotal, total
    [1, 'usd', null, 0, 100, 100],
    [9, 'usd', null, 0, 900, 900],
    [10, 'usd', 'small', 10, 1000, 900],
    [49, 'usd', 'small', 10, 4900, 4410],
    [50, 'usd', 'medium', 20, 5000, 4000],
    [100, 'usd', 'large', 30, 10000, 7000],
    [250, 'usd', 'large', 30, 25000, 17500],
    [10, 'aud', 'small', 10, 1500, 1350],
    [50, 'cad', 'medium', 20, 6750, 5400],
    [100, 'eur', 'large', 30, 9000, 6300],
    [100, 'gbp', 'large', 30, 8000, 5600],
    [100, 'nzd', 'large', 30, 15500, 10850],
    [13, 'cad', 'small', 10, 1755, 1580],
  ] as const)(
    '%i credits in %s: %s bundle, %i%% off %i = %i',
    (qty, currency, bundle, percent, subtotal, total) => {
      expect(creditsPrice(qty, currency)).toEqual({
        creditsQty: qty,
        currency,
        unitPriceInCents: subtotal / qty,
        bundle,
        discountPercent: percent,
        subtotalInCents: subtotal,
        discountInCents: subtotal - total,
        totalInCents: total,
      });
    },
  );
});

describe('creditsRequestErrors', () => {
  const providerId = '0190f0a0-0000-7000-8000-000000000001';
  it.each([
    [{ providerId, reference: 'order:1', amount: 3 }, true, {}],
    [{ providerId, reference: 'order:1' }, false, {}],
    [
      { providerId: 'nope', reference: 'order:1', amount: 3 },
      true,
      { providerId: 'must be a provider id (a UUID)' },
    ],
    [{ providerId, reference: ' ', amount: 3 }, true, { reference: 'Required' }],
    [
      { providerId, reference: 'x'.repeat(201), amount: 3 },
      true,
      { reference: 'must be at most 200 characters' },
    ],
    [{ providerId, reference: 'order:1', amount: 0 }, true, { amount: 'must be at least 1' }],
    [
      { providerId, reference: 'order:1', amount: 1.5 },
      true,
      { amount: 'must be a whole number of credits' },
    ],
    [
      { providerId, reference: 'order:1', amount: '3' },
      true,
      { amount: 'must be a whole number of credits' },
    ],
  ])('%j', (request, withAmount, errors) => {
    expect(creditsRequestErrors(request, withAmount)).toEqual(errors);
  });
});
