import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { Pager } from '../../../../shared/Pager';
import { TextField } from '../../../../shared/TextField';
import { orderPath } from '../../orders/paths';
import { kindLabel, orderName, STATUS_LABELS } from '../../orders/rules';
import { billingOrdersCsvPath } from '../api';
import { billingOrdersQuery } from '../queries';
import { creditsLabel } from '../rules';
import './credits.css';

const PAGE_SIZE = 10;

/**
 * The orders the provider's credits paid for (000 §7; GET /provider/billing/orders?with_credit_spend=true), newest
 * first, a page at a time, in a period (from a start date, up to the whole of an end date; either left empty is
 * open): when, the order (its page), kind, property, status and credits; "Download CSV" gets the same orders, every
 * page (GET .../orders.csv with the same filters).
 */
export function BillingOrdersSection() {
  const [page, setPage] = useState(1);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const orders = useQuery(billingOrdersQuery({ page, pageSize: PAGE_SIZE, startDate, endDate }));
  const data = orders.data;
  const period = startDate !== '' || endDate !== '';

  return (
    <section className="card" aria-labelledby="billing-orders">
      <h2 id="billing-orders">Orders</h2>
      <p className="muted">Floor plans and other orders paid with your credits.</p>
      <div className="billing-orders-filters" role="search" aria-label="Orders period">
        <TextField
          label="From"
          type="date"
          value={startDate}
          max={endDate || undefined}
          onChange={(event) => {
            setStartDate(event.target.value);
            setPage(1);
          }}
        />
        <TextField
          label="To"
          type="date"
          value={endDate}
          min={startDate || undefined}
          onChange={(event) => {
            setEndDate(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {orders.error ? (
        <ErrorDisplay error={orders.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : data.totalCount === 0 ? (
        <p className="muted">
          {period
            ? 'No orders paid with credits in this period.'
            : 'No orders paid with credits yet. Floor plans you order show here.'}
        </p>
      ) : (
        <>
          <table
            className="data-table billing-orders"
            aria-labelledby="billing-orders"
            aria-busy={orders.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col">Kind</th>
                <th scope="col">Property</th>
                <th scope="col">Status</th>
                <th scope="col" className="credit-amount">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((order) => (
                <tr key={order.id}>
                  <td data-label="Date">{formatDate(order.placedAt)}</td>
                  <td data-label="Order">
                    <Link to={orderPath(order.id)}>{orderName(order)}</Link>
                  </td>
                  <td data-label="Kind">{kindLabel(order.kind)}</td>
                  <td data-label="Property" className="invoice-purpose">
                    {order.propertyTitle}
                  </td>
                  <td data-label="Status">{STATUS_LABELS[order.status]}</td>
                  <td data-label="Credits" className="credit-amount">
                    {creditsLabel(order.credits)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Orders pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={orders.isFetching}
            onPage={setPage}
          />
        </>
      )}
      <p className="billing-orders-download">
        <a className="button button-secondary" href={billingOrdersCsvPath({ startDate, endDate })} download>
          Download CSV
        </a>
      </p>
    </section>
  );
}
