import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import { Pager } from '../../../../shared/Pager';
import { invoicesQuery } from '../queries';
import { CustomerPortalButton } from './CustomerPortalButton';
import './credits.css';

const PAGE_SIZE = 10;

const STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

/**
 * The provider's invoices (000 §2; GET invoices.json): every Stripe invoice of its plan and its premium tours,
 * newest first, a page at a time: when, its number, what for, its total and status, and Stripe's PDF. With
 * `portal` (the billing account is complete: it has a Stripe customer), the way to Stripe's customer portal.
 */
export function InvoicesSection({ portal = false }: { portal?: boolean }) {
  const [page, setPage] = useState(1);
  const invoices = useQuery(invoicesQuery({ page, pageSize: PAGE_SIZE }));
  const data = invoices.data;

  return (
    <section className="card" aria-labelledby="billing-invoices">
      <h2 id="billing-invoices">Invoices</h2>
      {invoices.error ? (
        <ErrorDisplay error={invoices.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : data.totalCount === 0 ? (
        <p className="muted">No invoices yet. Invoices for your plan and premium tours show here.</p>
      ) : (
        <>
          <table
            className="data-table invoices"
            aria-labelledby="billing-invoices"
            aria-busy={invoices.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Number</th>
                <th scope="col">For</th>
                <th scope="col" className="credit-amount">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((invoice) => (
                <tr key={invoice.id}>
                  <td data-label="Date">{formatDate(invoice.createdAt)}</td>
                  <td data-label="Number">{invoice.number ?? '—'}</td>
                  <td data-label="For" className="invoice-purpose">
                    {invoice.description}
                  </td>
                  <td data-label="Total" className="credit-amount">
                    {formatMoney(invoice.totalInCents, invoice.currency)}
                  </td>
                  <td data-label="Status">{STATUS_LABELS[invoice.status] ?? invoice.status}</td>
                  <td data-label="PDF">
                    {invoice.invoicePdf ? (
                      <a
                        href={invoice.invoicePdf}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Download PDF of invoice ${invoice.number ?? ''}`.trim()}
                      >
                        Download PDF
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Invoice pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={invoices.isFetching}
            onPage={setPage}
          />
        </>
      )}
      {portal && <CustomerPortalButton cameFrom="billing" />}
    </section>
  );
}
