import { describe, expect, it } from '@jest/globals';
import { localDateTimeToIso } from './dateTime';
import {
  CATEGORY_CHOICES,
  categoryLabel,
  creditsLabel,
  redemptionsLabel,
  redemptionsSummary,
  signedCredits,
  voucherCsvName,
  voucherGives,
} from './billing';

describe('the billing screens’ words', () => {
  it.each<[Parameters<typeof voucherGives>[0], string]>([
    [{ credits: 50, discountPercent: null }, '50 credits'],
    [{ credits: 1, discountPercent: null }, '1 credit'],
    [{ credits: null, discountPercent: 20 }, '20% off the next credits purchase'],
    [{ credits: null, discountPercent: null }, '—'],
  ])('a voucher that gives %j: %s', (voucher, words) => {
    expect(voucherGives(voucher)).toBe(words);
  });

  it.each<[Parameters<typeof redemptionsLabel>[0], string]>([
    [{ redemptionsCount: 3, redemptionLimit: 10 }, '3 of 10'],
    [{ redemptionsCount: 3, redemptionLimit: null }, '3'],
    [{ redemptionsCount: 0, redemptionLimit: 1 }, '0 of 1'],
  ])('redemptions of %j: %s', (voucher, words) => {
    expect(redemptionsLabel(voucher)).toBe(words);
  });

  it.each<[Parameters<typeof redemptionsSummary>[0], string]>([
    [{ redemptionsCount: 1, redemptionLimit: 10 }, '1 of 10 redemptions'],
    [{ redemptionsCount: 1, redemptionLimit: null }, '1 redemption'],
    [{ redemptionsCount: 0, redemptionLimit: null }, '0 redemptions'],
  ])('a voucher’s page sums up %j: %s', (voucher, words) => {
    expect(redemptionsSummary(voucher)).toBe(words);
  });

  it.each<[number, string, string]>([
    [50, '50 credits', '+50'],
    [1, '1 credit', '+1'],
    [-20, '−20 credits', '−20'],
    [-1, '−1 credit', '−1'],
    [0, '0 credits', '0'],
  ])('%d credits: %s, signed %s', (amount, label, signed) => {
    expect(creditsLabel(amount)).toBe(label);
    expect(signedCredits(amount)).toBe(signed);
  });

  it('names the fourteen categories in words, in the spec’s order', () => {
    expect(CATEGORY_CHOICES).toHaveLength(14);
    expect(CATEGORY_CHOICES[0]).toEqual({ id: 'customer_purchase', name: 'Customer purchase' });
    expect(categoryLabel('floor_plan_issue')).toBe('Floor plan issue');
    expect(categoryLabel(null)).toBe('—');
  });

  it('names the CSV as the server does', () => {
    expect(voucherCsvName('SPRING-25')).toBe('voucher-SPRING-25-redemptions.csv');
  });

  it.each<[string | null, string | null]>([
    ['', null],
    [null, null],
    ['not a date', null],
  ])('a date-time input of %j is sent as %j', (value, sent) => {
    expect(localDateTimeToIso(value)).toBe(sent);
  });

  it('sends a local date-time as the moment it is, in UTC', () => {
    expect(localDateTimeToIso('2030-12-31T23:59')).toBe(new Date(2030, 11, 31, 23, 59).toISOString());
  });
});
