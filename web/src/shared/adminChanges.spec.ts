import { describe, expect, it } from '@jest/globals';
import { ADMIN_CHANGE_ACTIONS } from '@tourly/contracts';
import {
  ADMIN_CHANGE_LABELS,
  adminChangeLabel,
  adminChangeSummary,
  fieldChangeLine,
  fieldChanges,
  fieldValue,
} from './adminChanges';

describe('administrators’ changes in words', () => {
  it('names every action the services record', () => {
    expect(Object.keys(ADMIN_CHANGE_LABELS).sort()).toEqual([...ADMIN_CHANGE_ACTIONS].sort());
  });

  it.each<[string | null, string]>([
    ['billing_account.updated', 'Billing account'],
    ['pricing.set', 'Negotiated pricing'],
    ['service_plan_subscription.changed', 'Plan subscription'],
    ['credits.adjusted', 'Credits adjusted'],
    ['credits.given', 'Credits given'],
    ['floorplan_configuration.updated', 'Floor-plan configuration'],
    ['tag.changed', 'Tag'],
    ['primary_provider.changed', 'Primary provider'],
    ['webhooks.rotated', 'Webhooks rotated'],
    [null, 'A record'],
  ])('%s: %s', (action, label) => {
    expect(adminChangeLabel(action)).toBe(label);
  });

  it.each<[string, string, string]>([
    ['record.updated', 'billing_accounts', 'Billing account changed while impersonating'],
    ['record.created', 'properties', 'Property created while impersonating'],
    ['record.deleted', 'webhook_endpoints', 'Webhook endpoint deleted while impersonating'],
    ['record.updated', 'tour_overlays', 'Tour overlay changed while impersonating'],
    ['record.updated', 'galleries', 'Gallery changed while impersonating'],
  ])('%s of %s: %s', (action, record, label) => {
    expect(adminChangeLabel(action, record)).toBe(label);
  });

  it('sums up a change made while impersonating, naming the record and each field', () => {
    expect(
      adminChangeSummary({
        action: 'record.updated',
        record: 'properties',
        before: { id: 'p1', title: 'Harbour Loft' },
        after: { id: 'p1', title: 'Harbour Loft, Level 3' },
      }),
    ).toBe('Property changed while impersonating: Id: p1; Title: Harbour Loft → Harbour Loft, Level 3');
  });

  it.each<[string, unknown, string]>([
    ['discountPercent', 15, '15%'],
    ['discountPercent', 0, '0%'],
    ['productCode', 'starter_plan', 'Starter'],
    ['productCode', 'free_tier_plan', 'Free'],
    ['productCode', 'gold_plan', 'Gold plan'],
    ['interval', 'month', 'Monthly'],
    ['interval', 'year', 'Yearly'],
    ['status', 'past_due', 'Past due'],
    ['cancelAtPeriodEnd', true, 'Yes'],
    ['showDimensions', false, 'No'],
    ['trialEnd', '2030-07-01', '2030-07-01'],
    ['creditBalance', 20, '20 credits'],
    ['availableBalance', 1, '1 credit'],
    ['creditsQty', 30, '30 credits'],
    ['amount', 20, '+20 credits'],
    ['amount', -5, '−5 credits'],
    ['category', 'customer_service_issue', 'Customer service issue'],
    ['currency', 'usd', 'USD'],
    ['template', 'blueprint', 'Blueprint'],
    ['tag', 'vip', 'vip'],
    ['tag', null, '(none)'],
    ['note', '', '(none)'],
    [
      'nextProduct',
      { productCode: 'vt_creator_plan', interval: 'year', startsAt: '2030-07-01' },
      'Creator, yearly, from 2030-07-01',
    ],
    ['somethingNew', { a: 1 }, '{"a":1}'],
  ])('%s of %j reads %s', (field, value, words) => {
    expect(fieldValue(field, value)).toBe(words);
  });

  it('shows each field as it was and as it is', () => {
    const change = { before: { discountPercent: 0 }, after: { discountPercent: 15 } };
    expect(fieldChanges(change)).toEqual([
      { field: 'discountPercent', label: 'Discount', before: '0%', after: '15%' },
    ]);
    expect(fieldChanges(change).map(fieldChangeLine)).toEqual(['Discount: 0% → 15%']);
  });

  it('shows a record that did not exist before as none, field by field', () => {
    expect(fieldChanges({ before: null, after: { tag: 'vip' } }).map(fieldChangeLine)).toEqual([
      'Tag: (none) → vip',
    ]);
    expect(fieldChanges({ before: { tag: 'vip' }, after: null }).map(fieldChangeLine)).toEqual([
      'Tag: vip → (none)',
    ]);
  });

  it('shows what only the new state reports (a credits adjustment’s category and note) without an arrow', () => {
    const change = {
      before: { creditBalance: 0, availableBalance: 0 },
      after: {
        creditBalance: 20,
        availableBalance: 20,
        category: 'customer_service_issue',
        amount: 20,
        note: 'Late plan',
      },
    };
    expect(fieldChanges(change).map(fieldChangeLine)).toEqual([
      'Balance: 0 credits → 20 credits',
      'Available: 0 credits → 20 credits',
      'Category: Customer service issue',
      'Credits: +20 credits',
      'Note: Late plan',
    ]);
  });

  it('sums a change up on one line, as the provider’s access log shows it', () => {
    expect(
      adminChangeSummary({
        action: 'primary_provider.changed',
        before: { user: 'sam@example.com', primaryProvider: 'another provider' },
        after: { user: 'sam@example.com', primaryProvider: 'Harbour Lights' },
      }),
    ).toBe('Primary provider: User: sam@example.com; Primary provider: another provider → Harbour Lights');
    expect(adminChangeSummary({ action: 'tag.changed', before: null, after: null })).toBe('Tag');
  });
});
