import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { Pager } from '../../../../shared/Pager';
import { creditHistoryQuery } from '../queries';
import { creditCategoryLabel, creditEntryLabel, signedCredits } from '../rules';
import './credits.css';

const PAGE_SIZE = 10;

/**
 * The credit history (000 §2; GET credit_bundles.json): every change of the provider's credits, newest first, a page
 * at a time: when, what it was, the credits it added or took (+/-), and its category (purchases and adjustments).
 */
export function CreditHistorySection() {
  const [page, setPage] = useState(1);
  const history = useQuery(creditHistoryQuery({ page, pageSize: PAGE_SIZE }));
  const data = history.data;

  return (
    <section className="card" aria-labelledby="billing-credit-history">
      <h2 id="billing-credit-history">Credit history</h2>
      {history.error ? (
        <ErrorDisplay error={history.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : data.totalCount === 0 ? (
        <p className="muted">
          No credits yet. Credits you buy or are given show here, and so do those you spend.
        </p>
      ) : (
        <>
          <table
            className="data-table credit-history"
            aria-labelledby="billing-credit-history"
            aria-busy={history.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col" className="credit-amount">
                  Credits
                </th>
                <th scope="col">Category</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Date">{formatDate(entry.createdAt)}</td>
                  <td data-label="What">{creditEntryLabel(entry)}</td>
                  <td
                    data-label="Credits"
                    className={`credit-amount ${entry.amount > 0 ? 'credit-amount-in' : 'credit-amount-out'}`}
                  >
                    {signedCredits(entry.amount)}
                  </td>
                  <td data-label="Category">{creditCategoryLabel(entry.category)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Credit history pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={history.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
