import { PLANS, type AdminChangeAction, type ProductCode } from '@tourly/contracts';
import { formatDate } from './format';

// What an administrator changed on a provider's records, in words: the console's Audit tab and the provider's
// access log show the same change the same way. Pure, so a table-driven spec holds it (adminChanges.spec.ts).

/** The record each kind of change touched. */
export const ADMIN_CHANGE_LABELS: Record<AdminChangeAction, string> = {
  'billing_account.updated': 'Billing account',
  'pricing.set': 'Negotiated pricing',
  'service_plan_subscription.changed': 'Plan subscription',
  'credits.adjusted': 'Credits adjusted',
  'credits.given': 'Credits given',
  'floorplan_configuration.updated': 'Floor-plan configuration',
  'tag.changed': 'Tag',
  'primary_provider.changed': 'Primary provider',
  'record.created': 'A record created while impersonating',
  'record.updated': 'A record changed while impersonating',
  'record.deleted': 'A record deleted while impersonating',
};

/** What a person calls the record in each table an administrator may change while impersonating the provider. */
const RECORD_NAMES: Record<string, string> = {
  billing_accounts: 'Billing account',
  credit_ledger: 'Credits',
  credit_purchases: 'Credit purchase',
  floorplan_orders: 'Floor-plan order',
  files: 'File',
  leads: 'Lead',
  media_links: 'Media link',
  memberships: 'Team membership',
  overlay_templates: 'Overlay template',
  player_link_namespaces: 'Tour link namespace',
  player_links: 'Tour link',
  properties: 'Property',
  property_contacts: 'Property agent',
  property_media: 'Property media',
  providers: 'Provider settings',
  subscriptions: 'Plan subscription',
  users: 'User',
  virtual_tours: 'Tour',
  voucher_redemptions: 'Voucher',
  webhook_endpoints: 'Webhook endpoint',
  webhook_subscriptions: 'Webhook subscription',
  websites: 'Website',
  whitelabeled_domains: 'White-label domain',
};

const RECORD_VERBS: Record<string, string> = {
  'record.created': 'created',
  'record.updated': 'changed',
  'record.deleted': 'deleted',
};

/** A change as the API lists it (keys camelCased by the client, at any depth). */
export interface AdminChangeLike {
  action: AdminChangeAction | string | null | undefined;
  /** `record.*`: the table of the record changed while impersonating. */
  record?: string | null;
  before: Record<string, unknown> | null | undefined;
  after: Record<string, unknown> | null | undefined;
}

/**
 * One field of a change: its label, then what it was and what it is. `before` is absent for a field the change
 * only reports (the category and note of a credits adjustment): the record had no such field before.
 */
export interface FieldChange {
  field: string;
  label: string;
  before?: string;
  after: string;
}

/**
 * The record a change touched, in words; an action this page does not know yet, humanised. A change made while
 * impersonating the provider names its record: 'Property changed while impersonating'.
 */
export function adminChangeLabel(action: string | null | undefined, record?: string | null): string {
  if (!action) return 'A record';
  const verb = RECORD_VERBS[action];
  if (verb && record) return `${recordName(record)} ${verb} while impersonating`;
  return ADMIN_CHANGE_LABELS[action as AdminChangeAction] ?? sentenceCase(action.replace(/\./g, ' '));
}

/** 'billing_accounts' -> 'Billing account'; a table this page does not know, humanised and singular. */
function recordName(table: string): string {
  return RECORD_NAMES[table] ?? sentenceCase(table.replace(/ies$/, 'y').replace(/s$/, ''));
}

/**
 * Each field the change touched, in the order the server lists them (as it was first, then what only the new state
 * has). A record that did not exist before (or no longer exists) has every field '(none)' on that side; a field
 * that did not change, or that only the new state reports, shows its value alone.
 */
export function fieldChanges(change: Pick<AdminChangeLike, 'before' | 'after'>): FieldChange[] {
  const before = change.before ?? null;
  const after = change.after ?? null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const label = FIELD_LABELS[field] ?? sentenceCase(field);
    const now = fieldValue(field, after?.[field]);
    // The record existed and lacked the field (what the change reports rather than changed), or the field kept
    // its value (the user whose primary provider changed): the value alone.
    if (before !== null && (!(field in before) || sameValue(before[field], after?.[field])))
      return { field, label, after: now };
    return { field, label, before: fieldValue(field, before?.[field]), after: now };
  });
}

function sameValue(was: unknown, is: unknown): boolean {
  return JSON.stringify(was ?? null) === JSON.stringify(is ?? null);
}

/** 'Discount: 0% → 15%', or 'Category: Customer service issue' for a field only the new state has. */
export function fieldChangeLine(change: FieldChange): string {
  return change.before === undefined
    ? `${change.label}: ${change.after}`
    : `${change.label}: ${change.before} → ${change.after}`;
}

/** The whole change on one line: 'Negotiated pricing: Discount: 0% → 15%'. */
export function adminChangeSummary(change: AdminChangeLike): string {
  const label = adminChangeLabel(change.action, change.record);
  const lines = fieldChanges(change).map(fieldChangeLine);
  return lines.length > 0 ? `${label}: ${lines.join('; ')}` : label;
}

/** What each field is called, by its (camelCased) name in the records the services report. */
const FIELD_LABELS: Record<string, string> = {
  // Which record (a change made while impersonating names it)
  id: 'Id',
  title: 'Title',
  // Billing account
  name: 'Name',
  email: 'Email',
  address: 'Address',
  country: 'Country',
  currency: 'Currency',
  // Negotiated pricing
  discountPercent: 'Discount',
  // Plan subscription
  productCode: 'Plan',
  interval: 'Billing interval',
  status: 'Status',
  trialEnd: 'Trial ends',
  cancelAtPeriodEnd: 'Ends at the period end',
  nextProduct: 'Scheduled change',
  // Credits
  creditBalance: 'Balance',
  availableBalance: 'Available',
  category: 'Category',
  amount: 'Credits',
  creditsQty: 'Credits',
  note: 'Note',
  // Floor-plan configuration
  template: 'Template',
  units: 'Units',
  showDimensions: 'Dimensions shown',
  showRoomAreas: 'Room areas shown',
  showTotalArea: 'Total area shown',
  brandColour: 'Brand colour',
  customTemplateName: 'Custom template',
  supplierNotes: 'Notes for the supplier',
  configured: 'Configured',
  // Tag, primary provider
  tag: 'Tag',
  user: 'User',
  primaryProvider: 'Primary provider',
};

const NONE = '(none)';

/** A field's value in words: plans by name, percentages, credits, dates as YYYY-MM-DD, yes or no. */
export function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  switch (field) {
    case 'discountPercent':
      return `${String(value)}%`;
    case 'productCode':
      return planName(value);
    case 'interval':
      return intervalLabel(value);
    case 'creditBalance':
    case 'availableBalance':
    case 'creditsQty':
      return typeof value === 'number' ? credits(value) : String(value);
    case 'amount':
      return typeof value === 'number' ? `${value > 0 ? '+' : ''}${credits(value)}` : String(value);
    case 'trialEnd':
    case 'startsAt':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'currency':
      return String(value).toUpperCase();
    case 'status':
    case 'category':
    case 'template':
    case 'units':
      return typeof value === 'string' ? sentenceCase(value) : String(value);
    case 'nextProduct':
      return scheduledChange(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** 'Starter, monthly, from 2030-07-01': the plan a subscription moves to. */
function scheduledChange(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const next = value as { productCode?: unknown; interval?: unknown; startsAt?: unknown };
  const parts = [planName(next.productCode)];
  if (next.interval) parts.push(intervalLabel(next.interval).toLowerCase());
  if (typeof next.startsAt === 'string') parts.push(`from ${formatDate(next.startsAt)}`);
  return parts.join(', ');
}

function planName(code: unknown): string {
  return PLANS[code as ProductCode]?.name ?? sentenceCase(String(code));
}

function intervalLabel(interval: unknown): string {
  return interval === 'month' ? 'Monthly' : interval === 'year' ? 'Yearly' : String(interval);
}

/** '20 credits', '1 credit', '−5 credits' (a minus sign). */
function credits(amount: number): string {
  const count = Math.abs(amount);
  return `${amount < 0 ? '−' : ''}${count} ${count === 1 ? 'credit' : 'credits'}`;
}

/** 'customer_service_issue' -> 'Customer service issue'; 'primaryProvider' -> 'Primary provider'. */
function sentenceCase(words: string): string {
  const spaced = words
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
