import { useId, useState } from 'react';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../shared/format';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import type { PortalSource } from '../api';
import { usePortalInvoicesQuery } from '../queries';

const STATUS_LABELS: Record<string, string> = {
  open: 'To pay',
  paid: 'Paid',
  void: 'Voided',
  uncollectible: 'Unpaid',
  draft: 'Draft',
};

/** "Paid", "To pay · due 14 Dec", or "Overdue · was due 30 Nov": the due date only while it is owed. */
function statusLine(invoice: { status: string; overdue: boolean; dueDate: string | null }): string {
  const label = STATUS_LABELS[invoice.status] ?? invoice.status;
  if (invoice.status !== 'open' || !invoice.dueDate) return label;
  const due = formatDate(invoice.dueDate);
  return invoice.overdue ? `Overdue · was due ${due}` : `${label} · due ${due}`;
}

/**
 * The client's hosting-fee invoices (issue 32): what the provider bills it for keeping its tours online, newest first,
 * each with its status, amount and due date, and "Pay now" (Stripe's page) while it is due. An overdue one says its
 * tours are paused until it is paid.
 */
export function PortalInvoices({ source }: { source: PortalSource }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const invoices = usePortalInvoicesQuery(source, page);
  const data = invoices.data;
  if (!source.invoices) return null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Your invoices</h2>
      <ErrorDisplay error={invoices.error} />
      {!data ? (
        !invoices.error && <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">No invoices yet.</p>
      ) : (
        <>
          <ul className="record-list" aria-label="Invoices" aria-busy={invoices.isFetching || undefined}>
            {data.items.map((invoice) => (
              <li key={invoice.id} className="record-row">
                <div className="record-row-main">
                  <h3 className="record-row-title">
                    {invoice.number ? `Invoice ${invoice.number}` : 'Invoice'} ·{' '}
                    {formatMoney(invoice.amountDue, invoice.currency)}
                  </h3>
                  <p className="record-row-line">{statusLine(invoice)}</p>
                  {invoice.overdue && (
                    <p className="record-row-line" role="status">
                      Overdue: the tours it pays for are paused until it is paid.
                    </p>
                  )}
                </div>
                {invoice.status === 'open' && invoice.hostedInvoiceUrl && (
                  <a
                    className="button button-primary"
                    href={invoice.hostedInvoiceUrl}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Pay now
                  </a>
                )}
              </li>
            ))}
          </ul>
          <Pager
            label="Invoices pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={invoices.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
