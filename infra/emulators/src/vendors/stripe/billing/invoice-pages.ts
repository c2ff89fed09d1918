import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { StripeStore } from '../store';
import { money } from './lines';

/** Where the emulator serves what Stripe serves at invoice.stripe.com and pay.stripe.com (under the `/v1` prefix). */
export const INVOICE_PAGES = '/v1/invoice_pages';

/**
 * A finalized invoice's hosted page (`hosted_invoice_url`) and PDF (`invoice_pdf`), reached by the token in the
 * link, without an API key, as a customer opens them from an email. An unknown token: 404.
 */
export function registerInvoicePages(app: FastifyInstance, store: StripeStore): void {
  const invoiceOf = (token: string) => {
    const id = store.invoicePages.get(token);
    return id ? store.invoices.get(id) : undefined;
  };
  app.get<{ Params: { token: string } }>('/invoice_pages/i/:token', async (request, reply) => {
    const invoice = invoiceOf(request.params.token);
    if (!invoice) return reply.code(404).type('text/html').send('<h1>Invoice not found</h1>');
    const rows = summaryOf(invoice)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><title>Invoice ${escapeHtml(invoice.number ?? '')}</title>${rows}`);
  });
  app.get<{ Params: { token: string } }>('/invoice_pages/invoice/:token/pdf', async (request, reply) => {
    const invoice = invoiceOf(request.params.token);
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
