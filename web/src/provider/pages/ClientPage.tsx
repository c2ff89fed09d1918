import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { PRODUCT_NAME } from '../../shared/strings';
import { ClientFormModal } from '../features/clients/components/ClientFormModal';
import { ClientPortalSection } from '../features/clients/components/ClientPortalSection';
import { ContactFormModal } from '../features/clients/components/ContactFormModal';
import { ContactList } from '../features/clients/components/ContactList';
import '../features/clients/clients.css';
import { CLIENTS_PATH } from '../features/clients/paths';
import {
  useClientPropertiesQuery,
  useClientQuery,
  useContactsQuery,
  useDeleteClientMutation,
  useSetPropertyClientMutation,
} from '../features/clients/queries';
import { propertyPath } from '../features/properties/paths';
import { usePropertiesQuery } from '../features/properties/queries';
import { useAccountPermissionsQuery } from '../features/settings/queries';

const PAGE_SIZE = 20;
/** The properties the picker offers: the most a page holds, newest first. */
const PICKER_SIZE = 100;

/**
 * `/provider/clients/:id`: one client (an agency): how to reach it and its logo (edit, delete after asking), its
 * contacts (add one already theirs, edit, delete) and the properties made for it (add one of the provider's, take
 * one off). Another provider's client or a malformed id: "Client not found", with the way back.
 */
export default function ClientPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useClientQuery(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteClientMutation();
  const permissions = useAccountPermissionsQuery();

  if (client.error) {
    const missing = client.error instanceof ApiError && client.error.status === 404;
    return (
      <div className="page">
        <title>{`Client not found · ${PRODUCT_NAME}`}</title>
        <ErrorDisplay error={client.error} title={missing ? 'Client not found' : undefined} />
        <Link to={CLIENTS_PATH}>Back to clients</Link>
      </div>
    );
  }
  if (!client.data) return <Loading />;
  const data = client.data;

  return (
    <div className="page">
      <title>{`${data.name} · ${PRODUCT_NAME}`}</title>
      <p>
        <Link to={CLIENTS_PATH}>← Clients</Link>
      </p>
      <div className="page-heading">
        <h1>{data.name}</h1>
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            Edit client
          </button>
          <button type="button" className="button button-secondary" onClick={() => setDeleting(true)}>
            Delete client
          </button>
        </div>
      </div>
      <section className="card" aria-label="Client details">
        <dl className="details">
          <dt>Email</dt>
          <dd>{data.emailAddress ? <a href={`mailto:${data.emailAddress}`}>{data.emailAddress}</a> : '—'}</dd>
          <dt>Phone number</dt>
          <dd>{data.phoneNumber ? <a href={`tel:${data.phoneNumber}`}>{data.phoneNumber}</a> : '—'}</dd>
          <dt>Logo on its tours</dt>
          <dd>
            {data.defaultPlayerBrandingLogoUrl ? (
              <img src={data.defaultPlayerBrandingLogoUrl} alt={`${data.name} logo`} height={40} />
            ) : (
              'None'
            )}
          </dd>
        </dl>
      </section>
      <ClientContacts clientId={data.id} />
      <ClientProperties clientId={data.id} />
      <ClientPortalSection clientId={data.id} canManage={permissions.data?.manageUsers ?? false} />
      {editing && (
        <ClientFormModal client={data} onSaved={() => setEditing(false)} onClose={() => setEditing(false)} />
      )}
      <ErrorDisplay error={remove.error} />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${data.name}?`}
        confirmLabel="Delete client"
        isPending={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          const outcome = await remove.run(data.id);
          setDeleting(false);
          if (outcome.ok) navigate(CLIENTS_PATH);
        }}
      >
        <p>Its contacts and properties stay, without a client.</p>
      </ConfirmDialog>
    </div>
  );
}

function ClientContacts({ clientId }: { clientId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const contacts = useContactsQuery({ page, pageSize: PAGE_SIZE, providerClientId: clientId });
  const data = contacts.data;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Contacts</h2>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add a contact
        </button>
      </div>
      <ErrorDisplay error={contacts.error} />
      {!data ? (
        !contacts.error && <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">No contacts yet: add the agents of this agency.</p>
      ) : (
        <>
          <ContactList contacts={data.items} busy={contacts.isFetching} showClient={false} />
          <Pager
            label="Contacts pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={contacts.isFetching}
            onPage={setPage}
          />
        </>
      )}
      {adding && (
        <ContactFormModal
          clientId={clientId}
          onSaved={() => setAdding(false)}
          onClose={() => setAdding(false)}
        />
      )}
    </section>
  );
}

function ClientProperties({ clientId }: { clientId: string }) {
  const headingId = useId();
  const pickerId = useId();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState('');
  const [notice, setNotice] = useState('');
  const properties = useClientPropertiesQuery(clientId, page, PAGE_SIZE);
  const choices = usePropertiesQuery({ page: 1, pageSize: PICKER_SIZE });
  const assign = useSetPropertyClientMutation();
  const data = properties.data;
  const addable = (choices.data?.items ?? []).filter((property) => property.providerClientId !== clientId);

  async function change(propertyId: string, to: string | null, done: string) {
    setNotice('');
    const outcome = await assign.run(propertyId, to);
    if (outcome.ok) setNotice(done);
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Properties</h2>
      </div>
      <ErrorDisplay error={properties.error ?? choices.error ?? assign.error} />
      {!data ? (
        !properties.error && <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">No properties for this client yet.</p>
      ) : (
        <>
          <ul
            className="record-list"
            aria-label="Client properties"
            aria-busy={properties.isFetching || undefined}
          >
            {data.items.map((property) => (
              <li key={property.id} className="record-row">
                <div className="record-row-main">
                  <h3 className="record-row-title">
                    <Link to={propertyPath(property.id)}>{property.title}</Link>
                  </h3>
                  <p className="record-row-line muted">{property.address}</p>
                </div>
                <div className="record-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Take ${property.title} off this client`}
                    disabled={assign.isPending}
                    onClick={() => change(property.id, null, `${property.title} is no longer this client’s.`)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            label="Properties pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={properties.isFetching}
            onPage={setPage}
          />
        </>
      )}
      {addable.length > 0 && (
        <form
          className="agent-picker"
          onSubmit={(event) => {
            event.preventDefault();
            const property = addable.find((choice) => choice.id === picked);
            if (property) void change(property.id, clientId, `${property.title} added.`);
            setPicked('');
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={pickerId}>
              Add a property
            </label>
            <select
              id={pickerId}
              className="field-input"
              value={picked}
              onChange={(event) => setPicked(event.target.value)}
            >
              <option value="">Choose a property…</option>
              {addable.map((property) => (
                <option key={property.id} value={property.id}>
                  {property.title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button" disabled={!picked || assign.isPending}>
            Add property
          </button>
        </form>
      )}
      <p className="muted" role="status">
        {notice}
      </p>
    </section>
  );
}
