import type Stripe from 'stripe';
import { pageOf, type Page, type PageQuery } from '@tourly/platform';
import type { InvoiceResponse, UpcomingInvoiceLine } from './invoices.dto';

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A draft is Stripe's work in progress (no number, no PDF): the provider sees invoices once finalized. */
export const isIssued = (invoice: Stripe.Invoice): boolean =>
  invoice.status !== 'draft' && invoice.status !== null;

/** What an invoice was for: its first line (the plan and its period, a premium tour), else its description. */
export function purposeOf(invoice: Stripe.Invoice): string {
  return invoice.lines.data[0]?.description ?? invoice.description ?? 'Subscription';
}

export function invoiceOf(invoice: Stripe.Invoice): InvoiceResponse {
  const period = invoice.lines.data[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
  const subscription = invoice.parent?.subscription_details?.subscription ?? null;
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status as string,
    description: purposeOf(invoice),
    totalInCents: invoice.total,
    amountPaidInCents: invoice.amount_paid,
    amountDueInCents: invoice.amount_due,
    currency: invoice.currency,
    createdAt: isoOf(invoice.created),
    periodStart: isoOf(period.start),
    periodEnd: isoOf(period.end),
    paidAt: invoice.status_transitions.paid_at ? isoOf(invoice.status_transitions.paid_at) : null,
    subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
    invoicePdf: invoice.invoice_pdf ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** One page of the issued invoices, Stripe's newest-first order kept. */
export function invoicesPage(
  invoices: Stripe.Invoice[],
  query: Pick<PageQuery, 'page' | 'pageSize' | 'offset'>,
): Page<InvoiceResponse> {
  const issued = invoices.filter(isIssued);
  return pageOf(
    issued.slice(query.offset, query.offset + query.pageSize).map(invoiceOf),
    issued.length,
    query,
  );
}

export function upcomingLinesOf(invoice: Stripe.Invoice): UpcomingInvoiceLine[] {
  return invoice.lines.data.map((line) => ({
    description: line.description ?? '',
    amountInCents: line.amount,
    periodStart: isoOf(line.period.start),
    periodEnd: isoOf(line.period.end),
  }));
}
