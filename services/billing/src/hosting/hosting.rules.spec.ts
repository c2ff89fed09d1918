import type Stripe from 'stripe';
import {
  cancelable,
  connectTargetOf,
  customerDeletable,
  invoiceStatusOf,
  merchantAccountState,
  merchantAccountStatus,
  subscriptionStatusOf,
  voidable,
} from './hosting.rules';

describe('merchantAccountStatus: what the page says of the merchant account', () => {
  it.each([
    ['no account yet', undefined, 'not_connected'],
    [
      'created, details not submitted',
      { chargesEnabled: false, detailsSubmitted: false, requirementsDue: ['external_account'] },
      'onboarding',
    ],
    [
      'submitted, charges on, nothing due',
      { chargesEnabled: true, detailsSubmitted: true, requirementsDue: [] },
      'active',
    ],
    [
      'submitted, charges off',
      { chargesEnabled: false, detailsSubmitted: true, requirementsDue: [] },
      'restricted',
    ],
    [
      'submitted, something due',
      { chargesEnabled: true, detailsSubmitted: true, requirementsDue: ['business_profile.url'] },
      'restricted',
    ],
  ] as const)('%s', (_case, account, status) => {
    expect(
      merchantAccountStatus(account && { ...account, requirementsDue: [...account.requirementsDue] }),
    ).toBe(status);
  });
});

describe('merchantAccountState: what billing keeps of an account', () => {
  it('reads the flags and what is currently due', () => {
    const account = {
      id: 'acct_1',
      country: 'US',
      default_currency: 'usd',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
    } as unknown as Stripe.Account;
    expect(merchantAccountState(account)).toEqual({
      country: 'US',
      defaultCurrency: 'usd',
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirementsDue: ['external_account', 'tos_acceptance.date'],
    });
  });
});

describe('connectTargetOf: what a connected account event is about', () => {
  it.each([
    ['an account update', 'account.updated', { id: 'acct_1' }, { kind: 'account', id: 'acct_1' }],
    [
      'a subscription created',
      'customer.subscription.created',
      { id: 'sub_1' },
      { kind: 'subscription', id: 'sub_1' },
    ],
    [
      'a subscription deleted',
      'customer.subscription.deleted',
      { id: 'sub_1' },
      { kind: 'subscription', id: 'sub_1' },
    ],
    ['an invoice paid', 'invoice.paid', { id: 'in_1' }, { kind: 'invoice', id: 'in_1' }],
    ['an invoice voided', 'invoice.voided', { id: 'in_1' }, { kind: 'invoice', id: 'in_1' }],
    ['an upcoming invoice (no id to read)', 'invoice.upcoming', { id: 'in_1' }, undefined],
    ['a customer created', 'customer.created', { id: 'cus_1' }, undefined],
    ['an object without id', 'invoice.paid', {}, undefined],
  ] as const)('%s', (_case, type, object, target) => {
    expect(connectTargetOf(type, object)).toEqual(target);
  });
});

describe('customerDeletable: a customer goes once nothing of it runs', () => {
  it.each([
    ['no subscription', [], true],
    ['every one canceled', ['canceled', 'incomplete_expired'], true],
    ['one active', ['canceled', 'active'], false],
    ['one past due', ['past_due'], false],
    ['one unpaid', ['unpaid'], false],
    ['one not started yet', ['incomplete'], false],
  ] as const)('%s', (_case, statuses, deletable) => {
    expect(customerDeletable(statuses)).toBe(deletable);
  });
});

describe('statuses', () => {
  it.each([
    ['open', true],
    ['draft', false],
    ['paid', false],
    ['void', false],
    ['uncollectible', false],
  ] as const)('an invoice %s can be voided: %s', (status, can) => {
    expect(voidable(status)).toBe(can);
  });

  it.each([
    ['active', true],
    ['past_due', true],
    ['incomplete', true],
    ['canceled', false],
    ['incomplete_expired', false],
  ] as const)('a subscription %s can be canceled: %s', (status, can) => {
    expect(cancelable(status)).toBe(can);
  });

  it.each([
    ['active', 'active'],
    ['paused', 'past_due'],
    ['canceled', 'canceled'],
  ] as const)("Stripe's %s reads as %s", (stripe, ours) => {
    expect(subscriptionStatusOf(stripe)).toBe(ours);
  });

  it.each([
    ['paid', 'paid'],
    [null, 'draft'],
  ] as const)("an invoice's %s reads as %s", (stripe, ours) => {
    expect(invoiceStatusOf(stripe)).toBe(ours);
  });
});
