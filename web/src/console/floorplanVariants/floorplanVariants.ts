import type { Schema } from '../../api/types';
import { queueOf } from '../orders/orders';

// The back office's floor-plan variants: their words and links, pure, so a spec holds them (floorplanVariants.spec.ts).

/** A plan an order delivered (one per delivered file), with its provider: GET /admin/floorplan_variants.json. */
export type FloorplanVariantRecord = Schema<'orders.AdminVariantResponse'>;

/**
 * The plan's order, opened in the virtual assistants' queue it is worked in (admins work the queues too), as a
 * provider's Orders tab opens it: an amendment's in its kind's queue of amendments.
 */
export const orderPagePath = (
  variant: Pick<FloorplanVariantRecord, 'orderId' | 'kind' | 'amendsOrderId'>,
): string => `/virtual_assistant/${queueOf(variant)}/${encodeURIComponent(variant.orderId)}/show`;
