import { useState } from 'react';
import { IMPERSONATION_SECRETS_FORBIDDEN } from '@tourly/contracts';
import { useImpersonating } from '../../../../auth/queries';
import { ApiError } from '../../../../api/errors';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import type { WebhookEndpoint } from '../api';
import { useSetUpWebhooksMutation, useWebhooksQuery } from '../queries';
import { EVENT_TYPE_OPTIONS, MAX_ENDPOINTS } from '../rules';
import { EndpointCard } from './EndpointCard';
import { EndpointFormModal } from './EndpointFormModal';
import type { RevealedSecret } from './SecretPanel';
import { VerifyingHelp } from './VerifyingHelp';

/** Who may see webhooks: the API's 403 says the caller is not an admin. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

type Editing = { mode: 'add' } | { mode: 'edit'; endpoint: WebhookEndpoint } | null;

/**
 * The provider's webhooks (GET /provider/developers/webhooks_subscription): before they are set up, what they are
 * and "Set up webhooks"; then the endpoints, "Add endpoint", each endpoint's card with its deliveries, and how a
 * receiver verifies what it gets. A new or rotated secret shows once, in its endpoint's card.
 */
export function WebhooksSection() {
  const impersonating = useImpersonating();
  const webhooks = useWebhooksQuery();
  const setUp = useSetUpWebhooksMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());

  const state = webhooks.data;
  if (webhooks.error && !state) {
    if (isForbidden(webhooks.error)) return <AdminsOnly />;
    return (
      <div className="list-failure">
        <ErrorDisplay error={webhooks.error} />
        <button type="button" className="button button-secondary" onClick={() => void webhooks.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!state) return <Loading />;

  const eventTypes = state.eventTypes.length > 0 ? state.eventTypes : EVENT_TYPE_OPTIONS;
  const subscription = state.subscription;

  if (!subscription) {
    return (
      <>
        <section className="card webhook-intro" aria-labelledby="developers-webhooks">
          <h2 id="developers-webhooks">Webhooks</h2>
          <p>
            Webhooks send what happens in your account to your own systems as it happens: a property created,
            a tour shared, an order delivered, a lead from a visitor. You give the address of an endpoint of
            yours and choose the events; each one arrives there as an HTTP POST with a signature your system
            checks.
          </p>
          <p>Set them up to add your first endpoint.</p>
          <ErrorDisplay error={setUp.error} />
          <button
            type="button"
            className="button button-primary"
            disabled={setUp.isPending}
            onClick={() => void setUp.run()}
          >
            {setUp.isPending ? 'Setting up…' : 'Set up webhooks'}
          </button>
        </section>
        <VerifyingHelp eventTypes={eventTypes} />
      </>
    );
  }

  const endpoints = subscription.endpoints;
  const full = endpoints.length >= MAX_ENDPOINTS;
  const show = (id: string, on: boolean) =>
    setShown((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <section className="webhook-endpoints" aria-labelledby="developers-webhooks">
        <div className="section-heading">
          <h2 id="developers-webhooks">Webhook endpoints</h2>
          {!impersonating && (
            <button
              type="button"
              className="button button-primary"
              disabled={full}
              onClick={() => setEditing({ mode: 'add' })}
            >
              Add endpoint
            </button>
          )}
        </div>
        {impersonating && <p className="muted">{IMPERSONATION_SECRETS_FORBIDDEN}</p>}
        <p className="muted">
          {endpoints.length} of {MAX_ENDPOINTS} endpoints
          {full ? ': delete one to add another.' : '.'}
          {webhooks.isFetching ? ' Updating…' : ''}
        </p>
        <ErrorDisplay error={webhooks.error} />
        {endpoints.length === 0 ? (
          <div className="empty-state">
            <h3>No endpoints yet</h3>
            <p>Add the address of your system that should receive events, and choose which ones.</p>
            {!impersonating && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => setEditing({ mode: 'add' })}
              >
                Add endpoint
              </button>
            )}
          </div>
        ) : (
          <ul className="webhook-endpoint-list" aria-label="Endpoints">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard
                  endpoint={endpoint}
                  eventTypes={eventTypes}
                  revealed={revealed?.endpointId === endpoint.id ? revealed : null}
                  onRevealed={setRevealed}
                  onEdit={() => setEditing({ mode: 'edit', endpoint })}
                  showDeliveries={shown.has(endpoint.id)}
                  onShowDeliveries={(on) => show(endpoint.id, on)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <VerifyingHelp eventTypes={eventTypes} />
      {editing?.mode === 'add' && (
        <EndpointFormModal
          eventTypes={eventTypes}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            setRevealed({
              endpointId: created.id,
              secret: created.secret,
              reason: 'created',
              previousExpiresAt: null,
            });
            show(created.id, true);
          }}
        />
      )}
      {editing?.mode === 'edit' && (
        <EndpointFormModal
          endpoint={editing.endpoint}
          eventTypes={eventTypes}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** What other roles read: the API answers them 403. */
export function AdminsOnly() {
  return (
    <p className="alert alert-info">
      Only the admins of your account manage webhooks. Ask one of them to set up or change an endpoint.
    </p>
  );
}
