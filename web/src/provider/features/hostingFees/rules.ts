import { formatDate, formatMoney } from '../../../shared/format';

/** What the merchant account's status means for the person, in words. */
export const MERCHANT_STATUS_LABELS: Record<string, string> = {
  not_connected: 'Not connected',
  onboarding: 'Setup not finished',
  active: 'Active',
  restricted: 'Restricted',
};

/** Stripe's requirement ids in plain words (the ones Stripe asks of a new account first); others are described. */
const REQUIREMENT_LABELS: Record<string, string> = {
  external_account: 'a bank account for payouts',
  'business_profile.url': 'your business website',
  'business_profile.mcc': 'what your business does',
  'business_profile.product_description': 'a description of what you sell',
  'business_profile.support_phone': 'a support phone number',
  business_type: 'your type of business',
  'tos_acceptance.date': "acceptance of Stripe's terms",
  'tos_acceptance.ip': "acceptance of Stripe's terms",
  'company.name': 'your company name',
  'company.address.line1': 'your company address',
  'company.address.city': 'your company address',
  'company.address.postal_code': 'your company address',
  'company.tax_id': 'your company tax id',
  'company.phone': 'your company phone number',
  'individual.first_name': 'your name',
  'individual.last_name': 'your name',
  'individual.email': 'your email',
  'individual.phone': 'your phone number',
  'individual.dob.day': 'your date of birth',
  'individual.dob.month': 'your date of birth',
  'individual.dob.year': 'your date of birth',
  'individual.address.line1': 'your address',
  'individual.address.city': 'your address',
  'individual.address.postal_code': 'your address',
  'individual.id_number': 'your id number',
  'individual.ssn_last_4': 'the last 4 digits of your SSN',
  'individual.verification.document': 'a photo of your id',
  'representative.first_name': "your company representative's details",
  'representative.last_name': "your company representative's details",
};

/** `business_profile.support_email` -> 'business profile support email', for an id without a label. */
const described = (requirement: string) => requirement.replace(/[._]/g, ' ').trim();

/** What Stripe still needs, in plain words, each once and in Stripe's order. */
export function requirementsInWords(requirements: readonly string[]): string[] {
  return [...new Set(requirements.map((id) => REQUIREMENT_LABELS[id] ?? described(id)))];
}

export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Waiting for the first payment',
  incomplete_expired: 'First payment never made',
  paused: 'Paused',
};

export const INVOICE_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

export type BadgeTone = 'neutral' | 'progress' | 'success' | 'danger';

export function subscriptionTone(status: string): BadgeTone {
  if (status === 'active' || status === 'trialing') return 'success';
  if (status === 'past_due' || status === 'unpaid' || status === 'incomplete_expired') return 'danger';
  if (status === 'incomplete') return 'progress';
  return 'neutral';
}

export function invoiceTone(status: string): BadgeTone {
  if (status === 'paid') return 'success';
  if (status === 'open') return 'progress';
  if (status === 'uncollectible') return 'danger';
  return 'neutral';
}

/** '$49.00 a month', '$490.00 a year'. */
export const priceLabel = (amount: number, currency: string, interval: string) =>
  `${formatMoney(amount, currency)} a ${interval === 'year' ? 'year' : 'month'}`;

/** '12.5% inclusive', '10% exclusive': a tax rate as a choice or a row shows it. */
export const taxRateLabel = (rate: { displayName: string; percentage: number; inclusive: boolean }) =>
  `${rate.displayName} ${rate.percentage}% ${rate.inclusive ? 'inclusive' : 'exclusive'}`;

/** A subscription that bills no more (a new one is needed), or whose end is set. */
export const isEnded = (status: string) => status === 'canceled' || status === 'incomplete_expired';

/** When it next bills, ends or ended. */
export function periodLabel(subscription: {
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
}): string {
  if (subscription.status === 'canceled') {
    return subscription.canceledAt ? `Cancelled on ${formatDate(subscription.canceledAt)}` : '';
  }
  if (!subscription.currentPeriodEnd) return '';
  const end = formatDate(subscription.currentPeriodEnd);
  return subscription.cancelAtPeriodEnd ? `Ends on ${end}` : `Renews on ${end}`;
}
