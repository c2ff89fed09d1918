import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextField } from '../../shared/TextField';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../shared/useDebouncedValue';
import { ClientFormModal } from '../features/clients/components/ClientFormModal';
import '../features/clients/clients.css';
import { clientPath } from '../features/clients/paths';
import { useClientsQuery } from '../features/clients/queries';

const PAGE_SIZE = 20;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `/provider/clients`: the agencies the provider works for, by name, a page at a time, searched as the person types
 * (name, e-mail address); each opens its page. "New client" opens the client's page once it is made.
 */
export default function ClientsPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [pages, setPages] = useState({ q: '', page: 1 });
  // A new search starts at its first page.
  const page = pages.q === q ? pages.page : 1;
  const [adding, setAdding] = useState(false);
  const list = useClientsQuery({ page, pageSize: PAGE_SIZE, q });
  const data = list.data;

  const addButton = (
    <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
      New client
    </button>
  );

  return (
    <div className="page">
      <title>{`Clients · ${PRODUCT_NAME}`}</title>
      <div className="page-heading">
        <h1>Clients</h1>
        {addButton}
      </div>
      <TextField
        label="Search clients"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint="Name or email."
      />
      {list.error ? (
        <div className="list-failure">
          <ErrorDisplay error={list.error} />
          <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 && !q ? (
        <section className="empty-state" aria-label="No clients yet">
          <h2>No clients yet</h2>
          <p>
            Record the agencies you work for: their agents as contacts, and the properties you shoot for each.
          </p>
          {addButton}
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching clients">
          <h2>No clients match</h2>
          <p>Nothing matches “{q}”. Try other words, or clear the search.</p>
          <button type="button" className="button button-secondary" onClick={() => setText('')}>
            Clear search
          </button>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {count(data.totalCount, 'client', 'clients')}
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <ul className="record-list" aria-label="Clients" aria-busy={list.isFetching || undefined}>
            {data.items.map((client) => (
              <li key={client.id} className="record-row">
                <div className="record-row-main">
                  <h2 className="record-row-title">
                    <Link to={clientPath(client.id)}>{client.name}</Link>
                  </h2>
                  {(client.emailAddress || client.phoneNumber) && (
                    <p className="record-row-line">
                      {[client.emailAddress, client.phoneNumber].filter(Boolean).join(' · ')}
                    </p>
                  )}
                  <p className="record-row-line muted">
                    {count(client.contactCount, 'contact', 'contacts')} ·{' '}
                    {count(client.propertyCount, 'property', 'properties')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            label="Clients pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={list.isFetching}
            onPage={(next) => setPages({ q, page: next })}
          />
        </>
      )}
      {adding && (
        <ClientFormModal
          onSaved={(client) => navigate(clientPath(client.id))}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}
