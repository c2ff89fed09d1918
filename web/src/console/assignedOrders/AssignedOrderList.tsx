import { OrderList } from '../orders/OrderList';

/** The orders assigned to the supplier (GET /external_supplier/floorplan_orders: page, search, status). */
export function AssignedOrderList() {
  return <OrderList title="Assigned orders" withSupplier={false} />;
}
