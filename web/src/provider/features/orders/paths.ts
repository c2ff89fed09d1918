/** The provider's floor-plan orders. */
export const ORDERS_PATH = '/provider/orders';

/** One order's page: its steps, times, files, comments, and what can be done with it. */
export const orderPath = (id: string) => `${ORDERS_PATH}/${encodeURIComponent(id)}`;

/** What a page tells an order's page when it sends the person there (an order just placed, an amendment). */
export interface OrderPageState {
  notice?: string;
}
