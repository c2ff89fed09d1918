import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../../shared/format';
import type { Order } from '../api';
import { orderPath } from '../paths';
import { kindLabel, orderName, STATUS_BADGES, STATUS_LABELS } from '../rules';

/**
 * One row per order: its name (the link to its page; the whole row is tappable), kind, status, property, when it
 * was placed and when it is promised (or was delivered).
 */
export function OrderList({ orders, busy }: { orders: Order[]; busy: boolean }) {
  return (
    <ul className="order-list" aria-label="Orders" aria-busy={busy || undefined}>
      {orders.map((order) => (
        <li key={order.id} className="order-row">
          <div className="order-row-head">
            <h2 className="order-row-title">
              <Link to={orderPath(order.id)}>{orderName(order)}</Link>
            </h2>
            <span className={`badge ${STATUS_BADGES[order.status]}`}>{STATUS_LABELS[order.status]}</span>
          </div>
          <p className="order-row-line">
            {kindLabel(order.kind)}
            {order.drawnBy === 'matterport' && ' drawn by Matterport'}
            {order.amendsOrderId && ' · amendment'} · {order.propertyTitle}
          </p>
          <p className="order-row-line muted">
            Placed {formatDate(order.placedAt)} ·{' '}
            {order.deliveredAt
              ? `delivered ${formatDateTime(order.deliveredAt)}`
              : order.cancelledAt
                ? `cancelled ${formatDate(order.cancelledAt)}`
                : `promised by ${formatDateTime(order.promisedAt)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
