import { describe, expect, it } from '@jest/globals';
import { periodLabel, priceLabel, requirementsInWords, taxRateLabel } from './rules';

describe('hosting fees rules', () => {
  it.each([
    [
      ['external_account', 'business_profile.url', 'tos_acceptance.date'],
      ['a bank account for payouts', 'your business website', "acceptance of Stripe's terms"],
    ],
    [['individual.dob.day', 'individual.dob.month', 'individual.dob.year'], ['your date of birth']],
    [['business_profile.support_email'], ['business profile support email']],
    [[], []],
  ])('says what Stripe needs in words: %j', (due, words) => {
    expect(requirementsInWords(due)).toEqual(words);
  });

  it.each([
    [
      { status: 'active', currentPeriodEnd: '2026-04-01', cancelAtPeriodEnd: false, canceledAt: null },
      'Renews on 2026-04-01',
    ],
    [
      { status: 'active', currentPeriodEnd: '2026-04-01', cancelAtPeriodEnd: true, canceledAt: null },
      'Ends on 2026-04-01',
    ],
    [
      {
        status: 'canceled',
        currentPeriodEnd: '2026-04-01',
        cancelAtPeriodEnd: false,
        canceledAt: '2026-03-02',
      },
      'Cancelled on 2026-03-02',
    ],
    [{ status: 'incomplete', currentPeriodEnd: null, cancelAtPeriodEnd: false, canceledAt: null }, ''],
  ])('says when a subscription renews or ends: %j', (subscription, label) => {
    expect(periodLabel(subscription)).toBe(label);
  });

  it('names a price by its period and a tax rate by how it applies', () => {
    expect(priceLabel(4950, 'usd', 'month')).toBe('$49.50 a month');
    expect(priceLabel(49_000, 'usd', 'year')).toBe('$490.00 a year');
    expect(taxRateLabel({ displayName: 'GST', percentage: 10, inclusive: false })).toBe('GST 10% exclusive');
    expect(taxRateLabel({ displayName: 'VAT', percentage: 20, inclusive: true })).toBe('VAT 20% inclusive');
  });
});
