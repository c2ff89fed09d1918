import { useId, useState } from 'react';
import type { WebhookDeliveryStatus } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDateTime } from '../../../../shared/format';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import { SelectField } from '../../../../shared/SelectField';
import type { WebhookDelivery, WebhookEndpoint } from '../api';
import {
  useDeliveriesQuery,
  useRefreshCountsOnChange,
  useRefreshDeliveries,
  useReplayDeliveryMutation,
  useReplayFailedMutation,
} from '../queries';
import {
  formatLatency,
  hasPending,
  lastAnswer,
  nextAttemptIn,
  pendingKey,
  statusParam,
  STATUS_BADGES,
  STATUS_LABELS,
  replayLabel,
  STATUS_OPTIONS,
} from '../rules';
import { DeliveryModal } from './DeliveryModal';
import { useNow } from './useNow';

const PAGE_SIZE = 10;

/**
 * An endpoint's deliveries, newest first, ten a page (the server pages them), by status: each with its event type,
 * status, attempts, the receiver's last answer, how long it took and when; a pending one with its next attempt.
 * Asked again while one is pending, soon after its next attempt ("Refresh" asks at once); when one ends, the
 * endpoint's counts and state are asked again too. "Details" opens the attempt log
 * and the payload; "Replay" sends an ended delivery again, "Send now" a pending one without waiting for its next
 * attempt; "Replay all failed" every failed one.
 */
export function DeliveriesPanel({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const [opened, setOpened] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const headingId = useId();
  const list = useDeliveriesQuery(endpoint.id, { page, pageSize: PAGE_SIZE, status });
  const replay = useReplayDeliveryMutation();
  const refresh = useRefreshDeliveries(endpoint.id);
  const replayAll = useReplayFailedMutation();
  const data = list.data;
  const now = useNow(hasPending(data?.items));
  useRefreshCountsOnChange(data ? pendingKey(data.items) : undefined);

  async function replayFailed() {
    setNotice('');
    const outcome = await replayAll.run(endpoint.id);
    if (outcome.ok)
      setNotice(
        outcome.value.replayed === 0
          ? 'No failed delivery to replay.'
          : `${outcome.value.replayed} failed ${outcome.value.replayed === 1 ? 'delivery' : 'deliveries'} sent again.`,
      );
  }

  return (
    <section className="webhook-deliveries" aria-labelledby={headingId}>
      <div className="section-heading">
        <h4 id={headingId}>Deliveries</h4>
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={list.isFetching}
            onClick={() => void refresh()}
          >
            {list.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={replayAll.isPending || endpoint.counts.failed === 0}
            onClick={() => void replayFailed()}
          >
            Replay all failed
          </button>
        </div>
      </div>
      <SelectField
        label="Status"
        value={status ?? ''}
        onChange={(event) => {
          setStatus(statusParam(event.target.value));
          setPage(1);
        }}
      >
        <option value="">All deliveries</option>
        {STATUS_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <ErrorDisplay error={replayAll.error ?? replay.error} />
      <p role="status" className="muted">
        {notice}
      </p>
      {list.error ? (
        <ErrorDisplay error={list.error} />
      ) : !data ? (
        <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">
          {status
            ? `No ${STATUS_LABELS[status].toLowerCase()} deliveries.`
            : 'No deliveries yet. “Send test event” sends one to try the endpoint.'}
        </p>
      ) : (
        <>
          <ul
            className="webhook-delivery-list"
            aria-label="Deliveries"
            aria-busy={list.isFetching || undefined}
          >
            {data.items.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                now={now}
                replaying={replay.isPending}
                onOpen={() => setOpened(delivery.id)}
                onReplay={() => void replay.run(endpoint.id, delivery.id)}
              />
            ))}
          </ul>
          <Pager
            label="Deliveries pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={list.isFetching}
            onPage={setPage}
          />
        </>
      )}
      {opened && (
        <DeliveryModal endpointId={endpoint.id} deliveryId={opened} onClose={() => setOpened(null)} />
      )}
    </section>
  );
}

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  now: number;
  replaying: boolean;
  onOpen(): void;
  onReplay(): void;
}

function DeliveryRow({ delivery, now, replaying, onOpen, onReplay }: DeliveryRowProps) {
  const next = delivery.status === 'pending' ? nextAttemptIn(delivery.nextAttemptAt, now) : null;
  return (
    <li className="webhook-delivery">
      <div className="webhook-delivery-head">
        <code className="webhook-event-name">{delivery.eventType}</code>
        <span className={`badge ${STATUS_BADGES[delivery.status]}`}>{STATUS_LABELS[delivery.status]}</span>
      </div>
      <dl className="webhook-delivery-facts">
        <div>
          <dt>Attempts</dt>
          <dd>{delivery.attempts}</dd>
        </div>
        <div>
          <dt>Last answer</dt>
          <dd>{lastAnswer(delivery)}</dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd>{formatLatency(delivery.lastLatencyMs)}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {next && (
        <p className="webhook-delivery-next">
          Next attempt {next}
          {delivery.nextAttemptAt && (
            <span className="muted">
              {' '}
              (<time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>)
            </span>
          )}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={onOpen}>
          Details<span className="visually-hidden"> of the {delivery.eventType} delivery</span>
        </button>
        <button type="button" className="button button-secondary" disabled={replaying} onClick={onReplay}>
          {replayLabel(delivery)}
          <span className="visually-hidden"> the {delivery.eventType} delivery</span>
        </button>
      </div>
    </li>
  );
}
