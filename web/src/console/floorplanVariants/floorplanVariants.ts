import type { Schema } from '../../api/types';
import { queueOf } from '../orders/orders';

// The back office's floor-plan variants: their words and links, pure, so a spec holds them (floorplanVariants.spec.ts).

/** A plan an order delivered (one per delivered file), with its provider: GET /admin/floorplan_variants.json. */
export type FloorplanVariantRecord = Schema<'orders.AdminVariantResponse'>;

/**
 * The plan's order, opened in the virtual assistants' queue of its kind (admins work the queues too), as a provider's
 * Orders tab opens it. A variant does not say whether its order was an amendment: every queue reads an order by its
 * id, so an amendment's page opens all the same, from its kind's queue of first orders.
 */
export const orderPagePath = (variant: Pick<FloorplanVariantRecord, 'orderId' | 'kind'>): string =>
  `/virtual_assistant/${queueOf({ kind: variant.kind, amendsOrderId: null })}/${encodeURIComponent(variant.orderId)}/show`;
