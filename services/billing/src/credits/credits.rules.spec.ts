import {
  HOLD_SECONDS_RANGE,
  belowMinimumCharge,
  creditsPrice,
  creditsRequestErrors,
  moneyText,
} from './credits.rules';

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
        voucherDiscountInCents: 0,
        totalInCents: total,
      });
    },
  );

  it.each([
    // credits, currency, voucher %, subtotal, bundle total, voucher discount, total
    [10, 'usd', 25, 1000, 900, 225, 675],
    [50, 'usd', 25, 5000, 4000, 1000, 3000],
    [5, 'usd', 10, 500, 500, 50, 450],
    [1, 'usd', 50, 100, 100, 50, 50],
    [1, 'usd', 51, 100, 100, 51, 49],
    [13, 'nzd', 15, 2015, 1814, 272, 1542],
    [3, 'gbp', 33, 240, 240, 79, 161],
    [100, 'eur', 100, 9000, 6300, 6300, 0],
    [7, 'cad', 5, 945, 945, 47, 898],
  ] as const)(
    '%i credits in %s with a %i%% voucher: %i, %i after the bundle, %i off = %i',
    (qty, currency, voucher, subtotal, bundleTotal, voucherDiscount, total) => {
      const price = creditsPrice(qty, currency, voucher);
      expect(price).toMatchObject({
        subtotalInCents: subtotal,
        voucherDiscountInCents: voucherDiscount,
        discountInCents: subtotal - total,
        totalInCents: total,
      });
      expect(price.totalInCents + price.voucherDiscountInCents).toBe(bundleTotal);
      expect(price.discountPercent).toBe(creditsPrice(qty, currency).discountPercent);
    },
  );
});

describe('belowMinimumCharge', () => {
  it.each([
    [50, 'usd', undefined],
    [49, 'usd', 'comes to less than the smallest amount a card can be charged ($0.50); buy more credits'],
    [0, 'eur', 'comes to less than the smallest amount a card can be charged (€0.50); buy more credits'],
    [49, 'aud', 'comes to less than the smallest amount a card can be charged (A$0.50); buy more credits'],
    [49, 'cad', 'comes to less than the smallest amount a card can be charged (CA$0.50); buy more credits'],
    [49, 'nzd', 'comes to less than the smallest amount a card can be charged (NZ$0.50); buy more credits'],
    [30, 'gbp', undefined],
    [29, 'gbp', 'comes to less than the smallest amount a card can be charged (£0.30); buy more credits'],
  ] as const)('%i cents in %s: %s', (totalInCents, currency, message) => {
    expect(belowMinimumCharge({ totalInCents, currency })).toBe(message);
  });

  it('writes money as people read it', () => {
    expect(moneyText(123456, 'usd')).toBe('$1,234.56');
  });
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
    [{ providerId, reference: 'order:1', amount: 3, holdSeconds: 60 }, true, {}],
    [{ providerId, reference: 'order:1', amount: 3, holdSeconds: 15_552_000 }, true, {}],
    [
      { providerId, reference: 'order:1', amount: 3, holdSeconds: 59 },
      true,
      { holdSeconds: HOLD_SECONDS_RANGE },
    ],
    [
      { providerId, reference: 'order:1', amount: 3, holdSeconds: 15_552_001 },
      true,
      { holdSeconds: HOLD_SECONDS_RANGE },
    ],
    [
      { providerId, reference: 'order:1', amount: 3, holdSeconds: 3600.5 },
      true,
      { holdSeconds: HOLD_SECONDS_RANGE },
    ],
    [
      { providerId, reference: 'order:1', amount: 3, holdSeconds: '3600' },
      true,
      { holdSeconds: HOLD_SECONDS_RANGE },
    ],
    [
      { providerId, reference: 'order:1', amount: 3, holdSeconds: null },
      true,
      { holdSeconds: HOLD_SECONDS_RANGE },
    ],
  ])('%j', (request, withAmount, errors) => {
    expect(creditsRequestErrors(request, withAmount)).toEqual(errors);
  });
});
