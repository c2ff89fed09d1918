import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useArrivalState } from '../../shared/useArrivalState';
import { MATTERPORT_SPEED_LABELS, retouchingSummary, workshopSummary } from '@tourly/contracts';
import { ApiError } from '../../api/errors';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { creditsLabel } from '../features/billing/rules';
import { AmendOrderModal } from '../features/orders/components/AmendOrderModal';
import { CancelOrderModal } from '../features/orders/components/CancelOrderModal';
import { CommentsSection } from '../features/orders/components/CommentsSection';
import { OrderFiles } from '../features/orders/components/OrderFiles';
import { OrderProgress } from '../features/orders/components/OrderProgress';
import '../features/orders/orders.css';
import { ORDERS_PATH, orderPath, type OrderPageState } from '../features/orders/paths';
import { useOrderQuery } from '../features/orders/queries';
import {
  canAmend,
  canCancel,
  kindLabel,
  orderName,
  STATUS_BADGES,
  STATUS_LABELS,
} from '../features/orders/rules';
import '../features/properties/properties.css';
import { propertyPath } from '../features/properties/paths';

/**
 * `/provider/orders/:id`: one order: its kind, status and property; its progress (the promised time against what
 * happened, the steps as a timeline); the delivered files; the order it amends and its amendments; "Cancel order"
 * while nobody has started it (asking why); "Request an amendment" once delivered (then the amendment's page);
 * the comments. Another provider's order or a malformed id: "Order not found", with the way back.
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const loaded = useOrderQuery(id);
  const order = loaded.data;
  const arrival = useArrivalState<OrderPageState>();
  const [notice, setNotice] = useState('');
  const [action, setAction] = useState<'cancel' | 'amend' | null>(null);
  // What the page was opened with (the order placed, an amendment requested); another order's page, without it.
  useEffect(() => setNotice(arrival?.notice ?? ''), [arrival]);

  const back = (
    <p className="back-link">
      <Link to={ORDERS_PATH}>← Orders</Link>
    </p>
  );

  if (loaded.error && !order) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <div className="page">
        <title>{`${notFound ? 'Order not found' : 'Order'} · ${PRODUCT_NAME}`}</title>
        {back}
        {notFound ? (
          <section className="empty-state" aria-labelledby="order-not-found">
            <h1 id="order-not-found">Order not found</h1>
            <p>It may belong to another account, or the link is not quite right.</p>
            <p>
              <Link to={ORDERS_PATH}>Back to your orders</Link>
            </p>
          </section>
        ) : (
          <>
            <h1>Order</h1>
            <ErrorDisplay error={loaded.error} />
            <p>Check your connection, then try again.</p>
            <button type="button" className="button button-secondary" onClick={() => void loaded.refetch()}>
              Try again
            </button>
          </>
        )}
      </div>
    );
  }
  if (!order) return <Loading />;

  const name = orderName(order);
  return (
    <div className="page order-page">
      <title>{`${name} · ${PRODUCT_NAME}`}</title>
      {back}
      <header className="order-header">
        <div className="order-header-title">
          <h1>{name}</h1>
          <span className={`badge ${STATUS_BADGES[order.status]}`}>
            <span className="visually-hidden">Status: </span>
            {STATUS_LABELS[order.status]}
          </span>
        </div>
        <p>
          {kindLabel(order.kind)}
          {order.matterportSpeed &&
            ` drawn by Matterport, ${MATTERPORT_SPEED_LABELS[order.matterportSpeed].toLowerCase()}`}
          {order.credits > 0 ? ` · ${creditsLabel(order.credits)}` : ' · no credits'} ·{' '}
          <Link to={propertyPath(order.propertyId)}>{order.propertyTitle}</Link>
        </p>
        {order.propertyAddress && <p className="muted">{order.propertyAddress}</p>}
        {order.retouchOptions && <p>{retouchingSummary(order)}</p>}
        {order.workshopTasks && <p>{workshopSummary(order.workshopTasks)}</p>}
        {order.amendsOrderId && (
          <p>
            An amendment of <Link to={orderPath(order.amendsOrderId)}>the delivered order</Link>.
          </p>
        )}
      </header>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {loaded.isFetching && (
        <p className="visually-hidden" role="status">
          Updating…
        </p>
      )}
      <OrderProgress order={order} />
      {order.instructions && (
        <section className="card" aria-labelledby="order-instructions">
          <h2 id="order-instructions">
            {order.amendsOrderId ? 'What should change' : order.workshopTasks ? 'Brief' : 'Instructions'}
          </h2>
          <p className="order-text">{order.instructions}</p>
        </section>
      )}
      <OrderFiles order={order} />
      {order.amendments.length > 0 && (
        <section className="card" aria-labelledby="order-amendments">
          <h2 id="order-amendments">Amendments</h2>
          <ul className="order-files" aria-label="Amendments">
            {order.amendments.map((amendment) => (
              <li key={amendment.id}>
                <Link to={orderPath(amendment.id)}>{orderName(amendment)}</Link>{' '}
                <span className={`badge ${STATUS_BADGES[amendment.status]}`}>
                  {STATUS_LABELS[amendment.status]}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(canCancel(order) || canAmend(order)) && (
        <section className="card" aria-labelledby="order-actions">
          <h2 id="order-actions">Changes</h2>
          {canCancel(order) && (
            <>
              <p className="muted">Nobody has started on it yet: you can still cancel it.</p>
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  setNotice('');
                  setAction('cancel');
                }}
              >
                Cancel order
              </button>
            </>
          )}
          {canAmend(order) && (
            <>
              <p className="muted">
                {order.workshopTasks
                  ? 'Something to change in the draft? Our team amends it at no cost.'
                  : 'Something to change on the plan? The drafter amends it at no cost.'}
              </p>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  setNotice('');
                  setAction('amend');
                }}
              >
                Request an amendment
              </button>
            </>
          )}
        </section>
      )}
      {!canCancel(order) && (order.status === 'in_progress' || order.status === 'paused') && (
        <p className="muted">
          The drafter has started: to change or cancel the order, ask the team in the comments.
        </p>
      )}
      <CommentsSection orderId={order.id} />
      {action === 'cancel' && (
        <CancelOrderModal
          order={order}
          onClose={() => setAction(null)}
          onCancelled={(cancelled) => {
            setAction(null);
            setNotice(
              cancelled.credits > 0
                ? `The order was cancelled. Its ${creditsLabel(cancelled.credits)} come back to you.`
                : 'The order was cancelled.',
            );
          }}
        />
      )}
      {action === 'amend' && (
        <AmendOrderModal
          order={order}
          onClose={() => setAction(null)}
          onAmended={(amendment) => {
            setAction(null);
            const state: OrderPageState = {
              notice: `Amendment requested: ${orderName(amendment).toLowerCase()} follows it.`,
            };
            navigate(orderPath(amendment.id), { state });
          }}
        />
      )}
    </div>
  );
}
