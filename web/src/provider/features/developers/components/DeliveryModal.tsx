import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDateTime } from '../../../../shared/format';
import { Loading } from '../../../../shared/Loading';
import { Modal } from '../../../../shared/Modal';
import type { DeliveryAttempt } from '../api';
import { useDeliveryQuery, useReplayDeliveryMutation } from '../queries';
import {
  formatLatency,
  nextAttemptIn,
  prettyJson,
  replayLabel,
  STATUS_BADGES,
  STATUS_LABELS,
} from '../rules';
import { useNow } from './useNow';

interface DeliveryModalProps {
  endpointId: string;
  deliveryId: string;
  onClose(): void;
}

/**
 * One delivery (GET .../deliveries/{id}): its status, message id, times, every attempt newest first with what the
 * receiver answered (status, latency, the start of its body, or why it never answered), and the payload as sent.
 * "Replay" sends it again with the same message id once it has ended; it is asked again while pending.
 */
export function DeliveryModal({ endpointId, deliveryId, onClose }: DeliveryModalProps) {
  const query = useDeliveryQuery(endpointId, deliveryId);
  const replay = useReplayDeliveryMutation();
  const delivery = query.data;
  const now = useNow(delivery?.status === 'pending');
  const next = delivery?.status === 'pending' ? nextAttemptIn(delivery.nextAttemptAt, now) : null;

  return (
    <Modal
      title={delivery ? `Delivery of ${delivery.eventType}` : 'Delivery'}
      onClose={onClose}
      size="large"
      footer={
        delivery ? (
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={replay.isPending}
              onClick={() => void replay.run(endpointId, deliveryId)}
            >
              {replay.isPending ? 'Sending…' : replayLabel(delivery)}
            </button>
            <span className="muted">
              {delivery.status === 'pending'
                ? 'Sends it now instead of at its next attempt, with the same message id.'
                : 'Sends it again, with the same message id.'}
            </span>
          </div>
        ) : undefined
      }
    >
      <ErrorDisplay error={replay.error} />
      {query.error && !delivery ? (
        <ErrorDisplay error={query.error} />
      ) : !delivery ? (
        <Loading />
      ) : (
        <>
          <dl className="details webhook-delivery-details">
            <dt>Status</dt>
            <dd>
              <span className={`badge ${STATUS_BADGES[delivery.status]}`}>
                {STATUS_LABELS[delivery.status]}
              </span>
              {query.isFetching && <span className="muted"> · updating…</span>}
            </dd>
            {next && (
              <>
                <dt>Next attempt</dt>
                <dd>
                  {next}
                  {delivery.nextAttemptAt && (
                    <span className="muted">
                      {' '}
                      (<time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
                      )
                    </span>
                  )}
                </dd>
              </>
            )}
            <dt>Event type</dt>
            <dd>
              <code>{delivery.eventType}</code>
            </dd>
            <dt>Message id</dt>
            <dd>
              <code>{delivery.messageId}</code>
            </dd>
            <dt>Created</dt>
            <dd>
              <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
            </dd>
            {delivery.deliveredAt && (
              <>
                <dt>Delivered</dt>
                <dd>
                  <time dateTime={delivery.deliveredAt}>{formatDateTime(delivery.deliveredAt)}</time>
                </dd>
              </>
            )}
            <dt>Attempts</dt>
            <dd>{delivery.attempts}</dd>
          </dl>
          <section aria-labelledby={`${deliveryId}-attempts`}>
            <h3 id={`${deliveryId}-attempts`}>Attempt log</h3>
            {delivery.attemptLog.length === 0 ? (
              <p className="muted">No attempt yet: it goes out in a moment.</p>
            ) : (
              <ol className="webhook-attempts" aria-label="Attempts">
                {delivery.attemptLog.map((attempt) => (
                  <AttemptEntry key={attempt.number} attempt={attempt} />
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby={`${deliveryId}-payload`}>
            <h3 id={`${deliveryId}-payload`}>Payload</h3>
            <pre className="webhook-code" tabIndex={0}>
              <code>{prettyJson(delivery.body)}</code>
            </pre>
          </section>
        </>
      )}
    </Modal>
  );
}

function AttemptEntry({ attempt }: { attempt: DeliveryAttempt }) {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <li className="webhook-attempt">
      <p className="webhook-attempt-head">
        <strong>Attempt {attempt.number}</strong>
        <time dateTime={attempt.startedAt}>{formatDateTime(attempt.startedAt)}</time>
        <span className={`badge ${ok ? 'badge-success' : 'badge-danger'}`}>
          {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : 'No answer'}
        </span>
        <span className="muted">{formatLatency(attempt.latencyMs)}</span>
      </p>
      {attempt.error && <p className="webhook-attempt-error">{attempt.error}</p>}
      {attempt.responseSnippet !== null && attempt.responseSnippet !== '' && (
        <pre
          className="webhook-code webhook-snippet"
          tabIndex={0}
          aria-label={`Response to attempt ${attempt.number}`}
        >
          <code>{attempt.responseSnippet}</code>
        </pre>
      )}
    </li>
  );
}
