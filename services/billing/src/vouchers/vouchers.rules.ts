import type { CreditCategory } from '@tourly/contracts';

/** A voucher's code as stored: upper-cased, 3 to 40 of A-Z, 0-9, `-` and `_` (a CHECK holds the table to it). */
export const VOUCHER_CODE = /^[A-Z0-9_-]{3,40}$/;
export const VOUCHER_CODE_RULE = 'must be 3 to 40 characters, each a letter A-Z, a digit 0-9, - or _';
export const MAX_VOUCHER_CREDITS = 100_000;

export const VOUCHER_NOT_FOUND = 'Voucher not found';
export const CODE_TAKEN = 'has already been taken';
export const CREDITS_OR_DISCOUNT = 'Give the voucher either credits or a discount, not both.';
export const MUST_BE_FUTURE = 'must be in the future';
export const LOCKED_ONCE_REDEEMED = 'can no longer change: the voucher has been redeemed';
export const ARCHIVED = 'This voucher is archived; it can no longer change.';

/** Why a provider cannot redeem a code, in the words the page shows under the field. */
export const REFUSALS = {
  invalid: 'This voucher code is not valid; check it and try again.',
  expired: 'This voucher has expired.',
  fullyRedeemed: 'This voucher has been fully redeemed.',
  alreadyRedeemed: 'Your account has already redeemed this voucher.',
  discountWaiting: 'You already have a voucher discount waiting for your next credits purchase.',
} as const;

export const VOUCHER_STATUSES = ['active', 'expired', 'fully_redeemed', 'archived'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** What a voucher is, as the admin sets it. */
export interface VoucherTerms {
  code: string;
  description: string | null;
  credits: number | null;
  discountPercent: number | null;
  category: CreditCategory;
  redemptionLimit: number | null;
  expiresAt: Date | null;
}

/** What a voucher's state depends on. */
export interface VoucherState {
  redemptionLimit: number | null;
  expiresAt: Date | null;
  archivedAt: Date | null;
}

/** The code as stored: trimmed and upper-cased (codes are case-insensitive). */
export function normalizedCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Archived first, then expired, then fully redeemed; otherwise active. */
export function voucherStatus(voucher: VoucherState, redemptionsCount: number, now: Date): VoucherStatus {
  if (voucher.archivedAt) return 'archived';
  if (voucher.expiresAt && voucher.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (voucher.redemptionLimit !== null && redemptionsCount >= voucher.redemptionLimit)
    return 'fully_redeemed';
  return 'active';
}

/** What a redemption depends on besides the voucher itself (read under the voucher's lock). */
export interface RedemptionFacts {
  /** This provider redeemed the voucher before. */
  alreadyRedeemed: boolean;
  /** Every provider's redemptions of it so far. */
  redemptionsCount: number;
  /** The provider has a voucher discount not used by a purchase yet. */
  discountWaiting: boolean;
}

/**
 * Why the provider cannot redeem the voucher (undefined: it can): unknown or archived, redeemed by it before,
 * expired, its limit reached, or a discount while another voucher's discount still waits for a purchase.
 */
export function redemptionRefusal(
  voucher: (VoucherState & Pick<VoucherTerms, 'discountPercent'>) | undefined,
  facts: RedemptionFacts,
  now: Date,
): string | undefined {
  if (!voucher || voucher.archivedAt) return REFUSALS.invalid;
  if (facts.alreadyRedeemed) return REFUSALS.alreadyRedeemed;
  const status = voucherStatus(voucher, facts.redemptionsCount, now);
  if (status === 'expired') return REFUSALS.expired;
  if (status === 'fully_redeemed') return REFUSALS.fullyRedeemed;
  if (voucher.discountPercent !== null && facts.discountWaiting) return REFUSALS.discountWaiting;
  return undefined;
}

/** The voucher being changed (PUT), and how many providers redeemed it. */
export interface CurrentVoucher {
  terms: VoucherTerms;
  redemptionsCount: number;
}

/**
 * What is wrong with the terms an admin gives (field -> message; `base` for credits and discount together); empty
 * when nothing. Exactly one of credits and a discount; an expiry in the future (one a change leaves as it was may
 * have passed); once redeemed, the code, credits, discount and category stay, and the limit stays at or above the
 * redemptions so far.
 */
export function voucherTermsErrors(
  terms: VoucherTerms,
  now: Date,
  current?: CurrentVoucher,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if ((terms.credits === null) === (terms.discountPercent === null)) errors.base = CREDITS_OR_DISCOUNT;
  const expiryUnchanged = current !== undefined && sameTime(current.terms.expiresAt, terms.expiresAt);
  if (terms.expiresAt && terms.expiresAt.getTime() <= now.getTime() && !expiryUnchanged) {
    errors.expiresAt = MUST_BE_FUTURE;
  }
  const redeemed = current?.redemptionsCount ?? 0;
  if (current && redeemed > 0) {
    for (const field of ['code', 'credits', 'discountPercent', 'category'] as const) {
      if (terms[field] !== current.terms[field]) errors[field] = LOCKED_ONCE_REDEEMED;
    }
  }
  if (terms.redemptionLimit !== null && terms.redemptionLimit < redeemed) {
    errors.redemptionLimit = `must be at least ${redeemed}, the redemptions so far`;
  }
  return errors;
}

function sameTime(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

/** A voucher's redemptions CSV: `voucher-<CODE>-redemptions.csv`. */
export function redemptionsFilename(code: string): string {
  return `voucher-${code}-redemptions.csv`;
}
