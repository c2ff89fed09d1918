import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { useTaxRatesQuery } from '../queries';
import { TaxRateFormModal } from './TaxRateFormModal';

/**
 * The merchant account's tax rates (GET .../merchant_account/tax_rates), newest first, ten at a time with "Load more"
 * (Stripe's cursor paging); "Add a tax rate" opens its form. A subscription may carry up to five of them.
 */
export function TaxRatesSection() {
  const rates = useTaxRatesQuery(true);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState('');
  const items = rates.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="tax-rates" aria-labelledby="tax-rates-heading">
      <div className="section-heading">
        <h3 id="tax-rates-heading">Tax rates</h3>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add a tax rate
        </button>
      </div>
      {added && (
        <p className="alert alert-success" role="status">
          {added}
        </p>
      )}
      <ErrorDisplay error={rates.error} />
      {!rates.data ? (
        !rates.error && (
          <p className="muted" role="status">
            Loading…
          </p>
        )
      ) : items.length === 0 ? (
        <p className="muted">
          No tax rates yet: add the taxes your hosting fees carry (VAT, GST, sales tax).
        </p>
      ) : (
        <table className="data-table" aria-label="Tax rates">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Rate</th>
              <th scope="col">Where</th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {items.map((rate) => (
              <tr key={rate.id}>
                <td data-label="Name">
                  {rate.displayName}
                  {rate.description && <span className="muted"> · {rate.description}</span>}
                  {!rate.active && <span className="muted"> · archived</span>}
                </td>
                <td data-label="Rate">
                  {rate.percentage}% {rate.inclusive ? 'inclusive' : 'exclusive'}
                </td>
                <td data-label="Where">
                  {[rate.jurisdiction, rate.country].filter(Boolean).join(', ') || '—'}
                </td>
                <td data-label="Added">{formatDate(rate.created)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rates.hasNextPage && (
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={rates.isFetchingNextPage}
            onClick={() => void rates.fetchNextPage()}
          >
            {rates.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
      {adding && (
        <TaxRateFormModal
          onClose={() => setAdding(false)}
          onSaved={(rate) => {
            setAdding(false);
            setAdded(`Tax rate ${rate.displayName} (${rate.percentage}%) added.`);
          }}
        />
      )}
    </section>
  );
}
