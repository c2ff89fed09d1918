import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { ClientOptions, ClientSearch } from '../../clients/components/ClientSearch';
import { useClientChoices } from '../../clients/queries';
import { orderPath } from '../../orders/paths';
import { propertyPath } from '../../properties/paths';
import type { Variant } from '../api';
import { useAssignVariantMutation, useVariantLinkMutation } from '../queries';

/**
 * One row per plan: its name (the property's title, the kind and the file's name), its property, the order that
 * delivered it, the client it was handed to (chosen in the row, saved at once; past a hundred clients, a row's
 * "Find a client" opens its search) and a link to its file. The rows' client lists are one request, shared.
 */
export function VariantList({ variants, busy }: { variants: Variant[]; busy: boolean }) {
  return (
    <ul className="order-list" aria-label="Floor plans" aria-busy={busy || undefined}>
      {variants.map((variant) => (
        <VariantRow key={variant.id} variant={variant} />
      ))}
    </ul>
  );
}

function VariantRow({ variant }: { variant: Variant }) {
  const clients = useClientChoices(variant.providerClientId);
  const assign = useAssignVariantMutation();
  const link = useVariantLinkMutation();
  const [url, setUrl] = useState<string>();
  const [notice, setNotice] = useState('');

  async function handTo(clientId: string) {
    setNotice('');
    const outcome = await assign.run(variant.id, clientId || null);
    if (outcome.ok) setNotice(clientId ? 'Handed to the client.' : 'Taken back from the client.');
  }

  async function open() {
    const outcome = await link.run(variant.id);
    if (outcome.ok) setUrl(outcome.value.url);
  }

  return (
    <li className="floorplan-row" aria-label={variant.name}>
      <h2 className="order-row-title">{variant.name}</h2>
      <p className="order-row-line">
        <Link to={propertyPath(variant.propertyId)}>{variant.propertyTitle}</Link> ·{' '}
        <Link to={orderPath(variant.orderId)}>Order {variant.orderNumber}</Link> · delivered{' '}
        {formatDate(variant.createdAt)}
      </p>
      <div className="floorplan-row-actions">
        <label className="floorplan-client">
          <span>Client</span>
          <select
            className="field-input"
            value={variant.providerClientId ?? ''}
            disabled={!clients.ready || assign.isPending}
            onChange={(event) => void handTo(event.target.value)}
          >
            <option value="">No client</option>
            <ClientOptions choices={clients} />
          </select>
        </label>
        <ClientSearch choices={clients} disabled={assign.isPending} onDemand />
        {url ? (
          <a className="button button-secondary" href={url} target="_blank" rel="noreferrer">
            Open {variant.filename}
          </a>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            disabled={link.isPending}
            onClick={() => void open()}
          >
            {link.isPending ? 'Getting the file…' : 'Get the file'}
          </button>
        )}
      </div>
      <ErrorDisplay error={assign.error ?? link.error} />
      <span role="status" className="muted">
        {notice}
      </span>
    </li>
  );
}
