import type Stripe from 'stripe';
import type { Params } from '../params';
import type { LineSpec } from '../store';
import type { Period } from './lines';

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';
export type PaymentBehavior =
  'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';

/** One `items[n]` of a create, update, preview or schedule phase. */
export interface ItemInput {
  id?: string;
  price?: string;
  /** `price_data`: a price made inline for this item only. */
  priceData?: Params;
  quantity?: number;
  deleted: boolean;
  metadata?: Record<string, string> | null;
  params: Params;
}

export function itemInputs(list: Params[] | undefined): ItemInput[] {
  return (list ?? []).map((params) => ({
    id: params.str('id'),
    price: params.str('price') ?? params.str('plan'),
    priceData: params.obj('price_data'),
    quantity: params.int('quantity'),
    deleted: params.bool('deleted') ?? false,
    metadata: params.metadata(),
    params,
  }));
}

/** An item as it will be after the update; new ones already carry their `si_…` id. */
export interface PlannedItem {
  id: string;
  price: Stripe.Price;
  quantity: number;
  metadata: Record<string, string>;
}

export type TrialChange = { kind: 'end_now' } | { kind: 'set'; end: number } | null;

/**
 * What an update does, worked out before anything changes: applied by the update itself, by a pending
 * update once its invoice is paid, by a schedule phase, and shown by invoices.createPreview.
 */
export interface UpdatePlan {
  at: number;
  prorationDate: number;
  items: PlannedItem[];
  itemsChanged: boolean;
  prorations: LineSpec[];
  /** A new billing period starting now (interval change, billing_cycle_anchor=now, trial ended now). */
  reset: Period | null;
  trial: TrialChange;
  /** Invoice right away: always_invoice with something to charge, or a reset period. */
  invoiceNow: boolean;
  /** A pending update's other changes (`pending_if_incomplete`): applied with the items. */
  deferred?: DeferredChanges;
}

export interface DeferredChanges {
  /** Discount ids replacing the subscription's; undefined: unchanged. */
  discounts?: string[];
  metadata?: Record<string, string> | null;
  cancelAtPeriodEnd?: boolean;
}

export interface PlanInput {
  items?: ItemInput[];
  prorationBehavior: ProrationBehavior;
  prorationDate?: number;
  trialEnd?: number | 'now';
  billingCycleAnchor?: 'now' | 'unchanged';
}
