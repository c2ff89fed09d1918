import { Link } from '@mui/material';
import { DataTable, DateInput, useRecordContext } from 'react-admin';
import { oneLine } from '../shared/cells';
import { creditsLabel } from '../shared/billing';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { OrderStatusChip, PromisedField, PropertyField, SupplierField } from '../orders/OrderFields';
import { ORDER_KIND_LABELS, orderName, queueOf } from '../orders/orders';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderOrderRecord, ProviderRecord } from './types';

// The period the orders were placed in (dates, in the API's start_date and end_date: the end date's whole day).
const filters = [
  <DateInput key="startDate" source="startDate" label="Placed from" alwaysOn />,
  <DateInput key="endDate" source="endDate" label="Placed until" alwaysOn />,
];

/**
 * The provider's floor-plan orders (GET /admin/providers/{id}/orders: page, start_date, end_date), newest first, as
 * the virtual assistants' queues show them: the number opens the order in its queue.
 */
export function OrdersTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="provider_orders" provider={provider} filters={filters}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoRows text="No orders." padded />}>
        <DataTable.Col source="number" label="Order" disableSort cellSx={oneLine}>
          <OrderLink />
        </DataTable.Col>
        <DataTable.Col source="propertyTitle" label="Property" disableSort>
          <PropertyField />
        </DataTable.Col>
        <DataTable.Col
          source="kind"
          label="Kind"
          disableSort
          render={(order: ProviderOrderRecord) =>
            `${ORDER_KIND_LABELS[order.kind]}${order.amendsOrderId ? ' (amendment)' : ''}`
          }
        />
        <DataTable.Col
          source="status"
          label="Status"
          disableSort
          cellSx={oneLine}
          render={(order: ProviderOrderRecord) => <OrderStatusChip status={order.status} />}
        />
        <DataTable.Col
          source="credits"
          label="Credits"
          disableSort
          cellSx={oneLine}
          render={(order: ProviderOrderRecord) => creditsLabel(order.credits)}
        />
        <DataTable.Col source="placedAt" label="Placed" disableSort cellSx={oneLine}>
          <IsoDateField source="placedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="promisedAt" label="Promised" disableSort cellSx={oneLine}>
          <PromisedField />
        </DataTable.Col>
        <DataTable.Col source="supplierId" label="Supplier" disableSort cellSx={oneLine}>
          <SupplierField />
        </DataTable.Col>
      </DataTable>
    </ProviderRecordList>
  );
}

/** The order's number, opening its page in the virtual assistants' queue it is worked in (admins work them too). */
function OrderLink() {
  const order = useRecordContext<ProviderOrderRecord>();
  if (!order) return null;
  return (
    <Link
      href={`/virtual_assistant/${queueOf(order)}/${encodeURIComponent(order.id)}/show`}
      aria-label={orderName(order)}
      sx={{ fontWeight: 600 }}
    >
      {order.number}
    </Link>
  );
}
