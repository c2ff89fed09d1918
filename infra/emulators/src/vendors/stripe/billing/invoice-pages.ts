import type { FastifyInstance, FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import type { Invoices } from './invoices';
import { money } from './lines';

/** Where the emulator serves what Stripe serves at invoice.stripe.com and pay.stripe.com (under the `/v1` prefix). */
export const INVOICE_PAGES = '/v1/invoice_pages';

/**
 * A finalized invoice's hosted page (`hosted_invoice_url`) and PDF (`invoice_pdf`), reached by the token in the
 * link, without an API key, as a customer opens them from an email, on whichever account the invoice lives. An open
 * invoice's page has a card form ("Pay"): a test card number pays it on session (or shows the decline, 402); paid,
 * it reads "Paid". An unknown token: 404.
 */
export function registerInvoicePages(
  app: FastifyInstance,
  invoiceOf: (token: string) => { invoices: Invoices; invoice: Stripe.Invoice } | undefined,
): void {
  const page = (reply: FastifyReply, status: number, invoice: Stripe.Invoice, token: string, notice = '') => {
    const rows = summaryOf(invoice)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('');
    const due = invoice.due_date
      ? `<p>Due: ${new Date(invoice.due_date * 1000).toISOString().slice(0, 10)}</p>`
      : '';
    const form =
      invoice.status === 'open'
        ? `<form method="post" action="${INVOICE_PAGES}/i/${escapeHtml(token)}/pay">` +
          `<label>Card number <input name="card_number" inputmode="numeric" autocomplete="cc-number" required></label> ` +
          `<button type="submit">Pay ${escapeHtml(money(invoice.amount_remaining, invoice.currency))}</button></form>`
        : invoice.status === 'paid'
          ? '<p role="status">Paid</p>'
          : '';
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>Invoice ${escapeHtml(invoice.number ?? '')}</title>` +
          `${rows}${due}${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}${form}`,
      );
  };
  app.get<{ Params: { token: string } }>('/invoice_pages/i/:token', async (request, reply) => {
    const found = invoiceOf(request.params.token);
    if (!found) return reply.code(404).type('text/html').send('<h1>Invoice not found</h1>');
    return page(reply, 200, found.invoice, request.params.token);
  });
  app.post<{ Params: { token: string } }>('/invoice_pages/i/:token/pay', async (request, reply) => {
    const found = invoiceOf(request.params.token);
    if (!found) return reply.code(404).type('text/html').send('<h1>Invoice not found</h1>');
    const body = typeof request.body === 'string' ? request.body : '';
    const cardNumber = new URLSearchParams(body).get('card_number') ?? '';
    if (!cardNumber.trim())
      return page(reply, 400, found.invoice, request.params.token, 'Enter a card number.');
    const failure = found.invoices.payOnPage(found.invoice, cardNumber);
    if (failure) return page(reply, 402, found.invoice, request.params.token, failure);
    return reply.code(303).header('location', `${INVOICE_PAGES}/i/${request.params.token}`).send();
  });
  app.get<{ Params: { token: string } }>('/invoice_pages/invoice/:token/pdf', async (request, reply) => {
    const invoice = invoiceOf(request.params.token)?.invoice;
    if (!invoice) return reply.code(404).type('text/plain').send('Invoice not found');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`)
      .send(pdfOf(summaryOf(invoice)));
  });
}

function summaryOf(invoice: Stripe.Invoice): string[] {
  return [
    `Invoice ${invoice.number ?? ''}`,
    `Status: ${invoice.status ?? ''}`,
    `Date: ${new Date(invoice.created * 1000).toISOString().slice(0, 10)}`,
    `Billed to: ${invoice.customer_name ?? invoice.customer_email ?? ''}`,
    ...invoice.lines.data.map((line) => `${line.description ?? ''}  ${money(line.amount, line.currency)}`),
    ...(invoice.total_taxes ?? []).map(
      (tax) =>
        `Tax${tax.tax_behavior === 'inclusive' ? ' (included)' : ''}  ${money(tax.amount, invoice.currency)}`,
    ),
    `Total: ${money(invoice.total, invoice.currency)}`,
    `Amount paid: ${money(invoice.amount_paid, invoice.currency)}`,
  ];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** A one-page PDF 1.4 of the lines in Helvetica (ASCII only; other characters become `?`). */
export function pdfOf(lines: string[]): Buffer {
  const text = lines
    .map((line, index) => {
      const ascii = line.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, '\\$&');
      return `BT /F1 12 Tf 72 ${740 - index * 18} Td (${ascii}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
