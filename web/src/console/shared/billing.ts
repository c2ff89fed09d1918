import {
  CREDIT_CATEGORIES,
  REDEEMABLE_ACTIONS,
  type CreditCategory,
  type RedeemableAction,
} from '@tourly/contracts';
import type { Answer } from '../../api/types';

// The billing screens' words: pure, so a table-driven spec holds them (billing.spec.ts).

/** GET /admin/vouchers/{id} */
export type VoucherRecord = Answer<'/admin/vouchers/{id}', 'get'>;
/** GET /admin/offers/{id} */
export type OfferRecord = Answer<'/admin/offers/{id}', 'get'>;
/** A row of GET /admin/credit_bundles.json: a ledger row that brought credits in, with its provider. */
export type CreditBundleRecord = Answer<'/admin/credit_bundles.json', 'get'>['items'][number];
/** A row of GET /admin/providers/{id}/credit_adjustments. */
export type CreditAdjustmentRecord = Answer<
  '/admin/providers/{id}/credit_adjustments',
  'get'
>['items'][number];

/** '1 credit', '50 credits', '−3 credits'. */
export const creditsLabel = (credits: number) =>
  `${credits < 0 ? '−' : ''}${Math.abs(credits)} ${Math.abs(credits) === 1 ? 'credit' : 'credits'}`;

/** A ledger amount with its sign: '+50', '−3' (a minus sign, not a hyphen). */
export const signedCredits = (amount: number) =>
  amount > 0 ? `+${amount}` : amount < 0 ? `−${Math.abs(amount)}` : '0';

/** 'customer_purchase' -> 'Customer purchase'; none (spends and releases) -> '—'. */
export function categoryLabel(category: CreditCategory | null | undefined): string {
  if (!category) return '—';
  const words = category.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fourteen categories for a SelectInput, in the spec's order. */
export const CATEGORY_CHOICES = CREDIT_CATEGORIES.map((id) => ({ id, name: categoryLabel(id) }));

/** What the provider does to receive an offer's credits, in words. */
export const ACTION_LABELS: Record<RedeemableAction, string> = {
  credits_purchased: 'Buys credits',
  any_order_placed: 'Places an order',
  subscription_created: 'Starts a paid plan',
  sign_up_completed: 'Completes sign-up',
};

export const ACTION_CHOICES = REDEEMABLE_ACTIONS.map((id) => ({ id, name: ACTION_LABELS[id] }));

/** What a voucher gives: '50 credits', or '20% off the next credits purchase'. */
export function voucherGives(voucher: Pick<VoucherRecord, 'credits' | 'discountPercent'>): string {
  if (voucher.credits !== null) return creditsLabel(voucher.credits);
  if (voucher.discountPercent !== null) return `${voucher.discountPercent}% off the next credits purchase`;
  return '—';
}

/** '3 of 10' with a limit, '3' without. */
export function redemptionsLabel(
  voucher: Pick<VoucherRecord, 'redemptionsCount' | 'redemptionLimit'>,
): string {
  return voucher.redemptionLimit === null
    ? String(voucher.redemptionsCount)
    : `${voucher.redemptionsCount} of ${voucher.redemptionLimit}`;
}

/** A voucher's page: '1 of 10 redemptions', '1 redemption', '3 redemptions'. */
export function redemptionsSummary(
  voucher: Pick<VoucherRecord, 'redemptionsCount' | 'redemptionLimit'>,
): string {
  const noun =
    voucher.redemptionLimit === null && voucher.redemptionsCount === 1 ? 'redemption' : 'redemptions';
  return `${redemptionsLabel(voucher)} ${noun}`;
}

type ChipColor = 'success' | 'warning' | 'error' | 'default' | 'info';

export const VOUCHER_STATUS: Record<VoucherRecord['status'], { label: string; color: ChipColor }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
  fully_redeemed: { label: 'Fully redeemed', color: 'info' },
  archived: { label: 'Archived', color: 'default' },
};

export const OFFER_STATUS: Record<OfferRecord['status'], { label: string; color: ChipColor }> = {
  scheduled: { label: 'Scheduled', color: 'info' },
  running: { label: 'Running', color: 'success' },
  ended: { label: 'Ended', color: 'default' },
  archived: { label: 'Archived', color: 'default' },
};

/** How credits came in, as the credit bundles list names a ledger row's kind. */
export const KIND_LABELS: Record<CreditBundleRecord['kind'], string> = {
  purchase: 'Purchase',
  grant: 'Given by an admin',
  voucher: 'Voucher',
  offer: 'Offer',
  adjustment: 'Adjustment',
  refund: 'Refund',
  spend: 'Spent',
  release: 'Given back',
};

/** The voucher's CSV as the server names it: `voucher-<CODE>-redemptions.csv`. */
export const voucherCsvName = (code: string) => `voucher-${code}-redemptions.csv`;
