import {
  CREDITS_OR_DISCOUNT,
  LOCKED_ONCE_REDEEMED,
  MUST_BE_FUTURE,
  normalizedCode,
  redemptionRefusal,
  redemptionsFilename,
  REFUSALS,
  VOUCHER_CODE,
  voucherStatus,
  voucherTermsErrors,
  type VoucherState,
  type VoucherTerms,
} from './vouchers.rules';

const NOW = new Date('2026-03-01T12:00:00Z');
const PAST = new Date('2026-03-01T11:59:59Z');
const FUTURE = new Date('2026-03-01T12:00:01Z');

describe('voucher codes', () => {
  it.each([
    [' summer-25 ', 'SUMMER-25', true],
    ['Welcome_2026', 'WELCOME_2026', true],
    ['abc', 'ABC', true],
    ['ab', 'AB', false],
    ['x'.repeat(40), 'X'.repeat(40), true],
    ['x'.repeat(41), 'X'.repeat(41), false],
    ['two words', 'TWO WORDS', false],
    ['café', 'CAFÉ', false],
    ['50%OFF', '50%OFF', false],
  ])('%j is stored as %j, valid: %s', (typed, stored, valid) => {
    expect(normalizedCode(typed)).toBe(stored);
    expect(VOUCHER_CODE.test(stored)).toBe(valid);
  });

  it('names the export after the code', () => {
    expect(redemptionsFilename('SUMMER-25')).toBe('voucher-SUMMER-25-redemptions.csv');
  });
});

describe('voucherStatus', () => {
  const active: VoucherState = { redemptionLimit: null, expiresAt: null, archivedAt: null };
  it.each([
    [active, 1000, 'active'],
    [{ ...active, redemptionLimit: 5 }, 4, 'active'],
    [{ ...active, redemptionLimit: 5 }, 5, 'fully_redeemed'],
    [{ ...active, expiresAt: FUTURE }, 0, 'active'],
    [{ ...active, expiresAt: NOW }, 0, 'expired'],
    [{ ...active, expiresAt: PAST, redemptionLimit: 1 }, 1, 'expired'],
    [{ ...active, archivedAt: PAST, expiresAt: PAST, redemptionLimit: 1 }, 1, 'archived'],
  ] as const)('%j with %i redemptions: %s', (voucher, count, status) => {
    expect(voucherStatus(voucher, count, NOW)).toBe(status);
  });
});

describe('redemptionRefusal', () => {
  const credits = { redemptionLimit: 2, expiresAt: FUTURE, archivedAt: null, discountPercent: null };
  const discount = { ...credits, discountPercent: 20 };
  const fresh = { alreadyRedeemed: false, redemptionsCount: 0, discountWaiting: false };
  it.each([
    ['a credits voucher', credits, fresh, undefined],
    ['a discount voucher', discount, fresh, undefined],
    ['no voucher of that code', undefined, fresh, REFUSALS.invalid],
    ['an archived voucher', { ...credits, archivedAt: PAST }, fresh, REFUSALS.invalid],
    ['an expired voucher', { ...credits, expiresAt: PAST }, fresh, REFUSALS.expired],
    ['a voucher at its limit', credits, { ...fresh, redemptionsCount: 2 }, REFUSALS.fullyRedeemed],
    ['one redeemed before', credits, { ...fresh, alreadyRedeemed: true }, REFUSALS.alreadyRedeemed],
    [
      'one redeemed before, since expired and full',
      { ...credits, expiresAt: PAST },
      { ...fresh, alreadyRedeemed: true, redemptionsCount: 2 },
      REFUSALS.alreadyRedeemed,
    ],
    [
      'a discount while another waits',
      discount,
      { ...fresh, discountWaiting: true },
      REFUSALS.discountWaiting,
    ],
    ['credits while a discount waits', credits, { ...fresh, discountWaiting: true }, undefined],
  ] as const)('%s: %s', (_case, voucher, facts, refusal) => {
    expect(redemptionRefusal(voucher, facts, NOW)).toBe(refusal);
  });
});

describe('voucherTermsErrors', () => {
  const terms: VoucherTerms = {
    code: 'SPRING',
    description: null,
    credits: 10,
    discountPercent: null,
    category: 'promotional',
    redemptionLimit: null,
    expiresAt: null,
  };
  const redeemed = (count: number, current: Partial<VoucherTerms> = {}) => ({
    terms: { ...terms, ...current },
    redemptionsCount: count,
  });
  it.each([
    ['credits alone', terms, undefined, {}],
    ['a discount alone', { ...terms, credits: null, discountPercent: 15 }, undefined, {}],
    ['both', { ...terms, discountPercent: 15 }, undefined, { base: CREDITS_OR_DISCOUNT }],
    ['neither', { ...terms, credits: null }, undefined, { base: CREDITS_OR_DISCOUNT }],
    ['an expiry ahead', { ...terms, expiresAt: FUTURE }, undefined, {}],
    ['an expiry now', { ...terms, expiresAt: NOW }, undefined, { expiresAt: MUST_BE_FUTURE }],
    ['an expiry past', { ...terms, expiresAt: PAST }, undefined, { expiresAt: MUST_BE_FUTURE }],
    [
      'a passed expiry left as it was',
      { ...terms, expiresAt: PAST, description: 'new words' },
      redeemed(3, { expiresAt: new Date(PAST) }),
      {},
    ],
    [
      'a passed expiry moved',
      { ...terms, expiresAt: PAST },
      redeemed(0, { expiresAt: new Date(PAST.getTime() - 1000) }),
      { expiresAt: MUST_BE_FUTURE },
    ],
    [
      'anything, before a redemption',
      { ...terms, code: 'AUTUMN', credits: null, discountPercent: 30, category: 'trial' as const },
      redeemed(0),
      {},
    ],
    [
      'the code, credits and category once redeemed',
      { ...terms, code: 'AUTUMN', credits: 20, category: 'trial' as const },
      redeemed(1),
      { code: LOCKED_ONCE_REDEEMED, credits: LOCKED_ONCE_REDEEMED, category: LOCKED_ONCE_REDEEMED },
    ],
    [
      'credits for a discount once redeemed',
      { ...terms, credits: null, discountPercent: 10 },
      redeemed(1),
      { credits: LOCKED_ONCE_REDEEMED, discountPercent: LOCKED_ONCE_REDEEMED },
    ],
    [
      'the description, limit and expiry once redeemed',
      { ...terms, description: 'more', redemptionLimit: 3, expiresAt: FUTURE },
      redeemed(3),
      {},
    ],
    [
      'a limit below the redemptions',
      { ...terms, redemptionLimit: 2 },
      redeemed(3),
      { redemptionLimit: 'must be at least 3, the redemptions so far' },
    ],
  ] as const)('%s', (_case, given, current, errors) => {
    expect(voucherTermsErrors(given, NOW, current)).toEqual(errors);
  });
});
