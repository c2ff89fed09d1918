import type { FastifyInstance } from 'fastify';
import type { StripeStore } from '../store';
import { realNow } from '../time';
import { escapeHtml } from './invoice-pages';
import { money } from './lines';

/** Where the emulator serves what Stripe serves at billing.stripe.com (under the `/v1` prefix). */
export const PORTAL_PAGES = '/v1/billing_portal';

/** A session's link works this long after it was made, as Stripe's short-lived portal links do. */
export const PORTAL_LINK_SECONDS = 5 * 60;

/**
 * The customer portal page a session links to, without an API key: the customer's cards and invoices (each with
 * its PDF), and the way back to the site (`return_url`). An unknown token: 404; an expired link says so.
 */
export function registerPortalPages(app: FastifyInstance, store: StripeStore): void {
  app.get<{ Params: { token: string } }>('/billing_portal/p/:token', async (request, reply) => {
    const link = store.portalPages.get(request.params.token);
    const session = link ? store.portalSessions.get(link.session) : undefined;
    const page = (status: number, body: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta name="viewport" content="width=device-width"><title>Billing portal</title>${body}`,
        );
    if (!session) return page(404, '<h1>This link is not valid</h1>');
    const back = session.return_url
      ? `<p><a href="${escapeHtml(session.return_url)}">Return to the site</a></p>`
      : '';
    if (realNow() > link!.expiresAt) {
      return page(
        410,
        `<h1>This link has expired</h1><p>Open the billing portal again from the site.</p>${back}`,
      );
    }
    const customer = store.customers.get(session.customer);
    const cards = [...store.paymentMethods.values()]
      .filter((method) => method.customer === session.customer && method.card)
      .map(
        (method) => `<li>${escapeHtml(method.card!.brand)} ending in ${escapeHtml(method.card!.last4)}</li>`,
      );
    const invoices = store
      .newestFirst([...store.invoices.values()].filter((invoice) => invoice.customer === session.customer))
      .filter((invoice) => invoice.status !== 'draft')
      .map(
        (invoice) =>
          `<li>${escapeHtml(invoice.number ?? invoice.id)}: ${money(invoice.total, invoice.currency)}, ${escapeHtml(
            invoice.status ?? '',
          )}${invoice.invoice_pdf ? ` <a href="${escapeHtml(invoice.invoice_pdf)}">PDF</a>` : ''}</li>`,
      );
    return page(
      200,
      `<h1>Billing portal</h1><p>${escapeHtml(customer?.name ?? customer?.email ?? session.customer)}</p>` +
        `<h2>Payment methods</h2><ul>${cards.join('') || '<li>None</li>'}</ul>` +
        `<h2>Invoice history</h2><ul>${invoices.join('') || '<li>None</li>'}</ul>${back}`,
    );
  });
}
