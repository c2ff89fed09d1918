import { formatDateTime } from '../../../../shared/format';
import type { OrderDetail } from '../api';
import { STEP_LABELS, timeliness } from '../rules';

/**
 * Where the order stands: the promised time against what happened (placed, delivered or cancelled, on time or how
 * late, or how long is left), then its steps as a timeline, oldest first, each with its time and note.
 */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const timing = timeliness(order);
  return (
    <section className="card" aria-labelledby="order-progress">
      <h2 id="order-progress">Progress</h2>
      <dl className="details order-times">
        <dt>Placed</dt>
        <dd>
          <Moment value={order.placedAt} />
        </dd>
        <dt>Promised by</dt>
        <dd>
          <Moment value={order.promisedAt} />
        </dd>
        {order.deliveredAt && (
          <>
            <dt>Delivered</dt>
            <dd>
              <Moment value={order.deliveredAt} />
            </dd>
          </>
        )}
        {order.cancelledAt && (
          <>
            <dt>Cancelled</dt>
            <dd>
              <Moment value={order.cancelledAt} />
              {order.cancellationReason && <span className="muted"> · {order.cancellationReason}</span>}
            </dd>
          </>
        )}
      </dl>
      {timing && <p className={`order-timing order-timing-${timing.tone}`}>{timing.text}</p>}
      <ol className="order-timeline" aria-label="Steps">
        {order.steps.map((step, index) => (
          <li key={`${step.step}-${step.at}-${index}`} className={`order-step order-step-${step.step}`}>
            <span className="order-step-name">{STEP_LABELS[step.step]}</span>
            <Moment value={step.at} />
            {step.note && <span className="order-step-note">{step.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Moment({ value }: { value: string }) {
  return (
    <time className="order-moment" dateTime={value}>
      {formatDateTime(value)}
    </time>
  );
}
