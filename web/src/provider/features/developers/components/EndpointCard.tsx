import { useId, useRef, useState } from 'react';
import { useImpersonating } from '../../../../auth/queries';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatDateTime } from '../../../../shared/format';
import type { WebhookEndpoint } from '../api';
import {
  useDeleteEndpointMutation,
  useRotateSecretMutation,
  useSendTestEventMutation,
  useUpdateEndpointMutation,
} from '../queries';
import {
  endpointHealth,
  eventTypesSummary,
  HEALTH_BADGES,
  orderedSelection,
  PREVIOUS_SECRET_HOURS,
  type EventTypeOption,
} from '../rules';
import { DeliveriesPanel } from './DeliveriesPanel';
import { SecretPanel, type RevealedSecret } from './SecretPanel';

interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  eventTypes: EventTypeOption[];
  /** The secret to show this once (just created or rotated), if it is this endpoint's. */
  revealed: RevealedSecret | null;
  onRevealed(revealed: RevealedSecret | null): void;
  onEdit(): void;
  /** Its deliveries are shown (a new endpoint's, or after a test event). */
  showDeliveries: boolean;
  onShowDeliveries(show: boolean): void;
}

type Asking = 'rotate' | 'delete' | null;

/**
 * One endpoint: its URL and description, whether it is on (a disabled one says why, prominently, and offers
 * "Enable again"; a failing one since when), what it listens to, its secret's hint and its delivery counts; then
 * "Send test event", "Edit", "Rotate secret" (not for an administrator viewing the account) and "Delete" (both
 * asked first), and its deliveries.
 */
export function EndpointCard({
  endpoint,
  eventTypes,
  revealed,
  onRevealed,
  onEdit,
  showDeliveries,
  onShowDeliveries,
}: EndpointCardProps) {
  const headingId = useId();
  const deliveriesId = useId();
  const disabledId = useId();
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState('');
  const enable = useUpdateEndpointMutation();
  const test = useSendTestEventMutation();
  const rotate = useRotateSecretMutation();
  const remove = useDeleteEndpointMutation();
  const actionsRef = useRef<HTMLDivElement>(null);
  const impersonating = useImpersonating();
  const health = endpointHealth(endpoint);
  const badge = HEALTH_BADGES[health];
  const chosen = orderedSelection(endpoint.eventTypes, eventTypes);
  const failure = enable.error ?? test.error ?? rotate.error ?? remove.error;

  function resetOthers() {
    setNotice('');
    enable.reset();
    test.reset();
    rotate.reset();
    remove.reset();
  }

  async function sendTest() {
    resetOthers();
    const outcome = await test.run(endpoint.id);
    if (outcome.ok) {
      setNotice('Test event sent: it shows in the deliveries below.');
      onShowDeliveries(true);
    }
  }

  async function enableAgain() {
    resetOthers();
    const outcome = await enable.run(endpoint.id, { enabled: true });
    if (outcome.ok) setNotice('The endpoint is on again: new events are sent to it.');
  }

  async function rotateSecret() {
    resetOthers();
    const outcome = await rotate.run(endpoint.id);
    setAsking(null);
    if (outcome.ok) {
      onRevealed({
        endpointId: endpoint.id,
        secret: outcome.value.secret,
        reason: 'rotated',
        previousExpiresAt: outcome.value.previousSecretExpiresAt,
      });
    }
  }

  async function deleteEndpoint() {
    resetOthers();
    const outcome = await remove.run(endpoint.id);
    setAsking(null);
    if (!outcome.ok) actionsRef.current?.querySelector('button')?.focus();
  }

  return (
    <article className="card webhook-endpoint" aria-labelledby={headingId}>
      <div className="webhook-endpoint-head">
        <h3 id={headingId} className="webhook-endpoint-url">
          {endpoint.url}
        </h3>
        <span className={`badge ${badge.badge}`}>{badge.label}</span>
      </div>
      {endpoint.description && <p className="webhook-endpoint-description">{endpoint.description}</p>}

      {revealed && <SecretPanel revealed={revealed} onDone={() => onRevealed(null)} />}

      {health === 'disabled' && (
        <section className="alert alert-error webhook-endpoint-alert" aria-labelledby={disabledId}>
          <p className="alert-title" id={disabledId}>
            This endpoint was turned off
            {endpoint.disabledAt ? ` on ${formatDateTime(endpoint.disabledAt)}` : ''}
          </p>
          <p>{endpoint.disabledReason}</p>
          <p>No events are sent to it until it is enabled again.</p>
          <button
            type="button"
            className="button button-primary"
            disabled={enable.isPending}
            onClick={() => void enableAgain()}
          >
            {enable.isPending ? 'Enabling…' : 'Enable again'}
          </button>
        </section>
      )}
      {health === 'paused' && (
        <div className="alert alert-info webhook-endpoint-alert">
          <p>This endpoint is turned off: no events are sent to it.</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={enable.isPending}
            onClick={() => void enableAgain()}
          >
            {enable.isPending ? 'Enabling…' : 'Enable'}
          </button>
        </div>
      )}
      {health === 'failing' && endpoint.failingSince && (
        <div className="alert alert-warning webhook-endpoint-alert">
          <p className="alert-title">Deliveries are failing</p>
          <p>
            Every delivery since {formatDateTime(endpoint.failingSince)} failed. Check that your receiver
            answers with a 2xx status: an endpoint that keeps failing for days is turned off.
          </p>
        </div>
      )}

      <dl className="details webhook-endpoint-details">
        <dt>Events</dt>
        <dd>
          <span className="webhook-events-summary">{eventTypesSummary(chosen, eventTypes.length)}</span>
          {chosen.length < eventTypes.length && (
            <ul className="webhook-chips" aria-label="Event types">
              {chosen.map((type) => (
                <li key={type}>
                  <code>{type}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Signing secret</dt>
        <dd>
          <code>{endpoint.secretHint}</code>
          {endpoint.previousSecretExpiresAt && (
            <span className="webhook-previous-secret">
              The previous secret still verifies until {formatDateTime(endpoint.previousSecretExpiresAt)}.
            </span>
          )}
        </dd>
        <dt>Deliveries</dt>
        <dd className="webhook-counts">
          <span>{endpoint.counts.pending} pending</span>
          <span className={endpoint.counts.failed > 0 ? 'webhook-count-failed' : undefined}>
            {endpoint.counts.failed} failed
          </span>
          <span>{endpoint.counts.succeeded} succeeded</span>
        </dd>
        <dt>Added</dt>
        <dd>{formatDate(endpoint.createdAt)}</dd>
      </dl>

      <ErrorDisplay error={failure} />
      <p role="status" className="webhook-notice">
        {notice}
      </p>
      <div className="actions" ref={actionsRef}>
        <button
          type="button"
          className="button button-primary"
          disabled={test.isPending || !endpoint.enabled}
          title={endpoint.enabled ? undefined : 'Enable the endpoint first'}
          onClick={() => void sendTest()}
        >
          {test.isPending ? 'Sending…' : 'Send test event'}
        </button>
        <button type="button" className="button button-secondary" onClick={onEdit}>
          Edit
        </button>
        {!impersonating && (
          <button type="button" className="button button-secondary" onClick={() => setAsking('rotate')}>
            Rotate secret
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={() => setAsking('delete')}>
          Delete
        </button>
      </div>

      <div className="webhook-deliveries-toggle">
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => onShowDeliveries(!showDeliveries)}
        >
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </button>
      </div>
      <div id={deliveriesId} hidden={!showDeliveries}>
        {showDeliveries && <DeliveriesPanel endpoint={endpoint} />}
      </div>

      <ConfirmDialog
        open={asking === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        isPending={rotate.isPending}
        onConfirm={() => void rotateSecret()}
        onCancel={() => setAsking(null)}
      >
        <p>
          A new secret is made and shown once. The current one (<code>{endpoint.secretHint}</code>) keeps
          verifying for {PREVIOUS_SECRET_HOURS} hours: meanwhile each delivery is signed with both, so you
          have that long to put the new one in your receiver.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        isPending={remove.isPending}
        onConfirm={() => void deleteEndpoint()}
        onCancel={() => setAsking(null)}
      >
        <p className="webhook-endpoint-url">{endpoint.url}</p>
        <p>
          Events stop going to it at once, including deliveries still waiting to be sent, and its delivery log
          goes with it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </article>
  );
}
