import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { clientPath } from '../paths';
import { useClientChoices, useSetPropertyClientMutation } from '../queries';
import { ClientOptions, ClientSearch } from './ClientSearch';

/**
 * Which client (agency) a property is for, chosen among the provider's clients and saved at once; its tours show the
 * client's name and logo unless their branding names their own.
 */
export function PropertyClient({
  propertyId,
  clientId,
  readOnly = false,
}: {
  propertyId: string;
  clientId: string | null;
  /** Shows the client, without the choice (a member reads). */
  readOnly?: boolean;
}) {
  const clients = useClientChoices(clientId);
  const save = useSetPropertyClientMutation();
  const [notice, setNotice] = useState('');
  const current = clients.items.find((client) => client.id === clientId);

  async function choose(next: string) {
    setNotice('');
    const outcome = await save.run(propertyId, next || null);
    if (outcome.ok) setNotice(next ? 'The client was saved.' : 'The property has no client now.');
  }

  if (readOnly)
    return current ? (
      <Link to={clientPath(current.id)}>{current.name}</Link>
    ) : (
      <span className="muted">None</span>
    );
  if (clients.none)
    return (
      <span className="muted">
        None. <Link to="/provider/clients">Add a client</Link> to record the agency it is for.
      </span>
    );
  return (
    <>
      <select
        className="field-input"
        aria-label="Client"
        value={clientId ?? ''}
        disabled={!clients.ready || save.isPending}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value="">No client</option>
        <ClientOptions choices={clients} />
      </select>
      <ClientSearch choices={clients} disabled={save.isPending} />
      {current && <Link to={clientPath(current.id)}>Open {current.name}</Link>}
      <ErrorDisplay error={clients.error ?? save.error} />
      <span role="status" className="muted">
        {notice}
      </span>
    </>
  );
}
