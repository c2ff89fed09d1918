import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@tourly/contracts';
import { useDataProvider, useRecordContext } from 'react-admin';
import { formatDateTime } from '../../shared/format';
import type { ConsoleDataProvider } from '../dataProvider';
import { StatusChip } from '../shared/StatusChip';
import { isLate, ORDER_STATUS, type OrderRecord } from './orders';

/** An order's status as a chip: Placed, In progress, Paused, Delivered, Cancelled. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <StatusChip {...ORDER_STATUS[status]} />;
}

/** When the plan is promised; past and still open, in red and said in words ("Late"). */
export function PromisedAt({ order }: { order: Pick<OrderRecord, 'status' | 'promisedAt'> }) {
  const late = isLate(order);
  return (
    <Typography
      component="span"
      variant="body2"
      color={late ? 'error' : undefined}
      sx={{ fontWeight: late ? 600 : undefined, whiteSpace: 'nowrap' }}
    >
      {formatDateTime(order.promisedAt)}
      {late && ' · Late'}
    </Typography>
  );
}

/** The record's promised time, for a list's column. */
export function PromisedField() {
  const order = useRecordContext<OrderRecord>();
  return order ? <PromisedAt order={order} /> : null;
}

/** The property's title, its address below. */
export function PropertyField() {
  const order = useRecordContext<OrderRecord>();
  if (!order) return null;
  return (
    <>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
        {order.propertyTitle}
      </Typography>
      {order.propertyAddress && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {order.propertyAddress}
        </Typography>
      )}
    </>
  );
}

/** The external suppliers, asked once for a page's orders (their names for the supplier ids). */
export function useSuppliers() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['orders', 'externalSuppliers'],
    queryFn: ({ signal }) => dataProvider.externalSuppliers(signal),
    staleTime: 60_000,
  });
}

/**
 * Who draws the order: Matterport, or the supplier it is assigned to, by name ("Assigned" while the names load), or
 * "Not assigned".
 */
export function SupplierName({ order }: { order: Pick<OrderRecord, 'supplierId' | 'drawnBy'> }) {
  const suppliers = useSuppliers();
  const { supplierId } = order;
  if (order.drawnBy === 'matterport') {
    return (
      <Typography component="span" variant="body2">
        Matterport
      </Typography>
    );
  }
  if (!supplierId) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        Not assigned
      </Typography>
    );
  }
  const supplier = suppliers.data?.find((each) => each.userId === supplierId);
  return (
    <Typography component="span" variant="body2">
      {supplier?.fullName ?? 'Assigned'}
    </Typography>
  );
}

/** The record's supplier, for a queue's column. */
export function SupplierField() {
  const order = useRecordContext<OrderRecord>();
  return order ? <SupplierName order={order} /> : null;
}
