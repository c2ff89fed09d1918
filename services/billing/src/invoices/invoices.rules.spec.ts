import type Stripe from 'stripe';
import { invoiceOf, invoicesPage, purposeOf } from './invoices.rules';

const JAN_1 = Date.UTC(2026, 0, 1) / 1000;
const FEB_1 = Date.UTC(2026, 1, 1) / 1000;

function anInvoice(
  id: string,
  fields: Partial<Stripe.Invoice> = {},
  lines: string[] = ['1 × Starter'],
): Stripe.Invoice {
  return {
    id,
    number: `ABC-${id}`,
    status: 'paid',
    description: null,
    total: 1995,
    amount_paid: 1995,
    amount_due: 1995,
    currency: 'usd',
    created: JAN_1,
    period_start: JAN_1 - 31 * 86_400,
    period_end: JAN_1,
    status_transitions: {
      finalized_at: JAN_1,
      paid_at: JAN_1,
      marked_uncollectible_at: null,
      voided_at: null,
    },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: {}, subscription: 'sub_1' },
    },
    invoice_pdf: `https://pay.example/${id}/pdf`,
    hosted_invoice_url: `https://invoice.example/${id}`,
    lines: {
      object: 'list',
      has_more: false,
      url: '',
      data: lines.map((description) => ({ description, period: { start: JAN_1, end: FEB_1 } })),
    },
    ...fields,
  } as unknown as Stripe.Invoice;
}

describe('invoices rules', () => {
  it.each([
    ['the first line', anInvoice('1', {}, ['1 × Creator', 'Unused time']), '1 × Creator'],
    ['the description without lines', anInvoice('2', { description: 'Premium tour' }, []), 'Premium tour'],
    ['a plain word without either', anInvoice('3', {}, []), 'Subscription'],
  ])('says what an invoice was for from %s', (_case, invoice, purpose) => {
    expect(purposeOf(invoice)).toBe(purpose);
  });

  it("reads the period from the first line (what the charge covers), the links and the invoice's subscription", () => {
    expect(invoiceOf(anInvoice('1'))).toMatchObject({
      id: '1',
      number: 'ABC-1',
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
      paidAt: '2026-01-01T00:00:00.000Z',
      subscriptionId: 'sub_1',
      invoicePdf: 'https://pay.example/1/pdf',
      hostedInvoiceUrl: 'https://invoice.example/1',
    });
  });

  it('pages the issued invoices in the order given, leaving drafts out of the items and the count', () => {
    const invoices = [
      anInvoice('d', { status: 'draft', number: null, invoice_pdf: null }),
      anInvoice('c', { status: 'open' }),
      anInvoice('b', { status: 'void' }),
      anInvoice('a'),
    ];
    const second = invoicesPage(invoices, { page: 2, pageSize: 2, offset: 2 });
    expect(second).toMatchObject({ currentPage: 2, totalPages: 2, totalCount: 3 });
    expect(second.items.map((invoice) => invoice.id)).toEqual(['a']);
    expect(invoicesPage(invoices, { page: 1, pageSize: 2, offset: 0 }).items.map((i) => i.status)).toEqual([
      'open',
      'void',
    ]);
  });
});
