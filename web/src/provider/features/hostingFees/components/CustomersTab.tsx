import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import { TextField } from '../../../../shared/TextField';
import { clientPath } from '../../clients/paths';
import type { HostingCustomer } from '../api';
import { customerSubscriptionsPath } from '../paths';
import { useCustomersQuery, useDeleteCustomerMutation } from '../queries';
import { useListParams } from '../../../../shared/useListParams';
import { CustomerFormModal } from './CustomerFormModal';
import { ListFailure } from './ListFailure';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The hosting-fee customers (GET /provider/hosting_fees/customers): searched (name, email) and paged in the address;
 * "Add customer" (from the clients or by name and email); "Delete" after asking, refused in the server's words
 * while a subscription runs.
 */
export function CustomersTab() {
  const list = useListParams([]);
  const customers = useCustomersQuery({ page: list.page, search: list.search });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<HostingCustomer | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useDeleteCustomerMutation();
  const data = customers.data;

  const addButton = (
    <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
      Add customer
    </button>
  );

  return (
    <section aria-label="Customers">
      <div className="section-heading">
        <h2>Customers</h2>
        {addButton}
      </div>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <ErrorDisplay error={remove.error} />
      <TextField
        label="Search customers"
        type="search"
        value={list.text}
        onChange={(event) => list.setText(event.target.value)}
        hint="Name or email."
      />
      {customers.error ? (
        <ListFailure error={customers.error} onRetry={() => void customers.refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 && !list.filtered ? (
        <section className="empty-state" aria-label="No customers yet">
          <h3>No customers yet</h3>
          <p>Add the clients you bill for hosting their tours: from your clients, or by name and email.</p>
          {addButton}
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching customers">
          <h3>No customers match</h3>
          <p>Nothing matches “{list.search}”.</p>
          <button type="button" className="button button-secondary" onClick={list.clear}>
            Clear search
          </button>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {count(data.totalCount, 'customer', 'customers')}
            {customers.isFetching ? ' · updating…' : ''}
          </p>
          <ul className="record-list" aria-label="Customers" aria-busy={customers.isFetching || undefined}>
            {data.items.map((customer) => (
              <li key={customer.id} className="record-row">
                <div className="record-row-main">
                  <h3 className="record-row-title">{customer.name}</h3>
                  <p className="record-row-line">{customer.email}</p>
                  <p className="record-row-line muted">
                    <Link to={customerSubscriptionsPath(customer.id)}>
                      {count(customer.subscriptionsCount, 'subscription', 'subscriptions')}
                    </Link>
                    {customer.clientId && (
                      <>
                        {' · '}
                        <Link to={clientPath(customer.clientId)}>Client record</Link>
                      </>
                    )}
                  </p>
                </div>
                <div className="record-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Delete ${customer.name}`}
                    onClick={() => {
                      remove.reset();
                      setNotice('');
                      setDeleting(customer);
                    }}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            label="Customers pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={customers.isFetching}
            onPage={list.setPage}
          />
        </>
      )}
      {adding && (
        <CustomerFormModal
          onClose={() => setAdding(false)}
          onSaved={(customer) => {
            setAdding(false);
            setNotice(`${customer.name} added. Start a hosting subscription for them under Subscriptions.`);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete customer"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const outcome = await remove.run(deleting.id);
          if (outcome.ok) setNotice(`${deleting.name} deleted.`);
          setDeleting(null);
        }}
      >
        <p>Only a customer without a running hosting subscription can be deleted.</p>
      </ConfirmDialog>
    </section>
  );
}
