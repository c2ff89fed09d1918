import type { HostingTourReason } from '@tourly/contracts';

/** What a tour's hosting state should be: paused while an overdue invoice names it, unless the provider exempted it. */
export function shouldPause(tour: { hostingExempt: boolean; overdueInvoiceId: string | null }): boolean {
  return !tour.hostingExempt && tour.overdueInvoiceId !== null;
}

/** The change to make to a tour now: pause, resume, or nothing. */
export function hostingChange(tour: {
  hostingExempt: boolean;
  hostingPausedAt: Date | null;
  overdueInvoiceId: string | null;
}): 'pause' | 'resume' | null {
  const paused = tour.hostingPausedAt !== null;
  const pause = shouldPause(tour);
  if (pause && !paused) return 'pause';
  if (!pause && paused) return 'resume';
  return null;
}

/** The mails of an overdue invoice: the provider's and the client's, in plain words. */
export function pausedTourEmails(facts: {
  providerName: string;
  customerName: string;
  invoiceNumber: string | null;
  amount: string;
  dueDate: string | null;
  payUrl: string | null;
  tourTitles: string[];
  hostingFeesUrl: string;
}): { provider: { subject: string; text: string }; client: { subject: string; text: string } } {
  const invoice = facts.invoiceNumber ? `invoice ${facts.invoiceNumber}` : 'the hosting invoice';
  const tours = facts.tourTitles.map((title) => `- ${title}`).join('\n');
  const due = facts.dueDate ? ` (due ${facts.dueDate})` : '';
  return {
    provider: {
      subject: `Tours paused: ${facts.customerName} has not paid ${invoice}`,
      text:
        `${facts.customerName} has not paid ${invoice} of ${facts.amount}${due}, so these tours are paused for ` +
        `visitors:\n\n${tours}\n\nThey come back as soon as the invoice is paid or voided. You can exempt a tour ` +
        `from pausing on its page, and see the invoice here: ${facts.hostingFeesUrl}\n`,
    },
    client: {
      subject: `Your tours are paused: ${invoice} is overdue`,
      text:
        `Hi ${facts.customerName},\n\n${invoice[0]!.toUpperCase()}${invoice.slice(1)} from ${facts.providerName} ` +
        `for ${facts.amount}${due} is unpaid, so these tours are paused for visitors:\n\n${tours}\n\n` +
        (facts.payUrl ? `Pay it here and they come back within moments: ${facts.payUrl}\n` : '') +
        `\nQuestions? Reply to ${facts.providerName}.\n`,
    },
  };
}

export const REASON_OF_STATUS: Record<'paid' | 'void', HostingTourReason> = {
  paid: 'invoice_paid',
  void: 'invoice_voided',
};

/** An amount in minor units with its currency, as the mails say it: `AUD 53.90`. */
export function amountText(minor: number, currency: string): string {
  return `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;
}
