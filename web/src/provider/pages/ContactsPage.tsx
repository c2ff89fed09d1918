import { useState } from 'react';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextField } from '../../shared/TextField';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../shared/useDebouncedValue';
import { ContactFormModal } from '../features/clients/components/ContactFormModal';
import { ContactList } from '../features/clients/components/ContactList';
import '../features/clients/clients.css';
import { useContactsQuery } from '../features/clients/queries';

const PAGE_SIZE = 20;

/**
 * `/provider/contacts`: the people the provider works with who are not its users (an agency's agents), by name, a
 * page at a time, searched as the person types (name, e-mail address, phone number); add, edit and delete.
 */
export default function ContactsPage() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [pages, setPages] = useState({ q: '', page: 1 });
  // A new search starts at its first page.
  const page = pages.q === q ? pages.page : 1;
  const [adding, setAdding] = useState(false);
  const list = useContactsQuery({ page, pageSize: PAGE_SIZE, q });
  const data = list.data;

  const search = (value: string) => setText(value);

  const addButton = (
    <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
      Add a contact
    </button>
  );

  return (
    <div className="page">
      <title>{`Contacts · ${PRODUCT_NAME}`}</title>
      <div className="page-heading">
        <h1>Contacts</h1>
        {addButton}
      </div>
      <TextField
        label="Search contacts"
        type="search"
        value={text}
        onChange={(event) => search(event.target.value)}
        hint="Name, email or phone number."
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
        <section className="empty-state" aria-label="No contacts yet">
          <h2>No contacts yet</h2>
          <p>
            Add the agents you work with: a property can show them to its visitors, and their messages reach
            them.
          </p>
          {addButton}
        </section>
      ) : data.totalCount === 0 ? (
        <section className="empty-state" aria-label="No matching contacts">
          <h2>No contacts match</h2>
          <p>Nothing matches “{q}”. Try other words, or clear the search.</p>
          <button type="button" className="button button-secondary" onClick={() => search('')}>
            Clear search
          </button>
        </section>
      ) : (
        <>
          <p className="muted" role="status">
            {data.totalCount} {data.totalCount === 1 ? 'contact' : 'contacts'}
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <ContactList contacts={data.items} busy={list.isFetching} />
          <Pager
            label="Contacts pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={list.isFetching}
            onPage={(next) => setPages({ q, page: next })}
          />
        </>
      )}
      {adding && <ContactFormModal onSaved={() => setAdding(false)} onClose={() => setAdding(false)} />}
    </div>
  );
}
