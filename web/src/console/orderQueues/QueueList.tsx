import { OrderList } from '../orders/OrderList';

/** A virtual assistant's queue: the shared list of orders, with whom each is assigned to. */
export function queueList(label: string) {
  return function QueueList() {
    return <OrderList title={label} withSupplier />;
  };
}
