import { Link } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  SelectArrayInput,
  useCreatePath,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { OrderStatusChip, PromisedField, PropertyField, SupplierField } from './OrderFields';
import { ORDER_KIND_LABELS, orderName, STATUS_CHOICES, type OrderRecord } from './orders';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Number, property or address" />,
  <SelectArrayInput
    key="status"
    source="status"
    label="Status"
    choices={STATUS_CHOICES}
    alwaysOn
    sx={{ minWidth: 180 }}
  />,
];

interface OrderListProps {
  title: string;
  /** The supplier column: whom each order is assigned to (the queues), or not (a supplier's own list). */
  withSupplier: boolean;
}

/**
 * A list of floor-plan orders (a virtual assistant's queue, a supplier's assigned orders), newest first, 25 a page
 * on the server: searched as the person types (400 ms after typing stops; the order number, the property's title
 * and address), filtered by one or several statuses. A row opens the order.
 */
export function OrderList({ title, withSupplier }: OrderListProps) {
  return (
    <List
      title={title}
      filters={filters}
      debounce={400}
      exporter={false}
      empty={false}
      perPage={25}
      sort={{ field: 'placedAt', order: 'DESC' }}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
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
          render={(order: OrderRecord) => ORDER_KIND_LABELS[order.kind]}
        />
        <DataTable.Col
          source="status"
          label="Status"
          disableSort
          cellSx={oneLine}
          render={(order: OrderRecord) => <OrderStatusChip status={order.status} />}
        />
        <DataTable.Col source="placedAt" label="Placed" disableSort cellSx={oneLine}>
          <IsoDateField source="placedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="promisedAt" label="Promised" disableSort cellSx={oneLine}>
          <PromisedField />
        </DataTable.Col>
        {withSupplier && (
          <DataTable.Col source="supplierId" label="Supplier" disableSort cellSx={oneLine}>
            <SupplierField />
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  );
}

/** The order's number, a link to its page (the row opens it too). */
function OrderLink() {
  const order = useRecordContext<OrderRecord>();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!order || !resource) return null;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource, id: order.id, type: 'show' })}
      aria-label={orderName(order)}
      sx={{ fontWeight: 600 }}
      onClick={(event) => event.stopPropagation()}
    >
      {order.number}
    </Link>
  );
}
