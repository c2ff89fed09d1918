import type Stripe from 'stripe';
import {
  addMonths,
  brandOf,
  cardOf,
  defaultPaymentMethodOf,
  nextClockStop,
  type Recurring,
} from './billing-accounts.rules';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('addMonths: calendar months, the day clamped to the month end', () => {
  it.each<[string, number, string]>([
    ['2026-01-15T10:00:00Z', 1, '2026-02-15T10:00:00Z'],
    ['2026-01-31T00:00:00Z', 1, '2026-02-28T00:00:00Z'],
    ['2028-01-31T00:00:00Z', 1, '2028-02-29T00:00:00Z'],
    ['2026-03-31T12:30:00Z', 1, '2026-04-30T12:30:00Z'],
    ['2026-11-30T00:00:00Z', 3, '2027-02-28T00:00:00Z'],
    ['2026-05-20T00:00:00Z', 12, '2027-05-20T00:00:00Z'],
    ['2026-05-20T00:00:00Z', 24, '2028-05-20T00:00:00Z'],
  ])('%s + %i months: %s', (from, months, to) => {
    expect(addMonths(at(from), months)).toBe(at(to));
  });
});

describe('nextClockStop: one interval of the shortest subscription, else a year', () => {
  const from = at('2026-01-31T00:00:00Z');
  it.each<[string, Recurring[], string]>([
    ['nothing running', [], '2027-01-31T00:00:00Z'],
    ['a monthly plan', [{ interval: 'month', intervalCount: 1 }], '2026-02-28T00:00:00Z'],
    ['an annual plan', [{ interval: 'year', intervalCount: 1 }], '2027-01-31T00:00:00Z'],
    [
      'annual and monthly',
      [
        { interval: 'year', intervalCount: 1 },
        { interval: 'month', intervalCount: 1 },
      ],
      '2026-02-28T00:00:00Z',
    ],
    ['every 3 months', [{ interval: 'month', intervalCount: 3 }], '2026-04-30T00:00:00Z'],
    ['weekly', [{ interval: 'week', intervalCount: 1 }], '2026-02-07T00:00:00Z'],
    ['every 10 days', [{ interval: 'day', intervalCount: 10 }], '2026-02-10T00:00:00Z'],
  ])('%s: %s', (_case, running, stop) => {
    expect(nextClockStop(from, running)).toBe(at(stop));
  });
});

describe('cards', () => {
  it.each<[string | undefined, string]>([
    ['visa', 'visa'],
    ['amex', 'amex'],
    ['mastercard', 'mastercard'],
    ['discover', 'other'],
    ['unionpay', 'other'],
    [undefined, 'other'],
  ])('brand %s: %s', (brand, shown) => {
    expect(brandOf(brand)).toBe(shown);
  });

  it.each<[number, number, string]>([
    [4, 2030, '04/2030'],
    [12, 2031, '12/2031'],
  ])('expiry %i/%i: %s', (month, year, expiry) => {
    const method = {
      id: 'pm_1',
      card: { brand: 'visa', last4: '4242', exp_month: month, exp_year: year },
    } as unknown as Stripe.PaymentMethod;
    expect(cardOf(method, 'pm_1')).toEqual({
      id: 'pm_1',
      brand: 'visa',
      last4: '4242',
      expMonth: month,
      expYear: year,
      expiry,
      isDefault: true,
    });
  });

  it.each<[string, unknown, string | null]>([
    ['a default card by id', { invoice_settings: { default_payment_method: 'pm_1' } }, 'pm_1'],
    ['an expanded default card', { invoice_settings: { default_payment_method: { id: 'pm_2' } } }, 'pm_2'],
    ['no default card', { invoice_settings: { default_payment_method: null } }, null],
    ['a deleted customer', { deleted: true }, null],
  ])('%s: %s', (_case, customer, id) => {
    expect(defaultPaymentMethodOf(customer as Stripe.Customer)).toBe(id);
  });
});
