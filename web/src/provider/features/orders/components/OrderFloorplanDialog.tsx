import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { Media } from '../../properties/api';
import type { OrderDetail } from '../api';
import { orderPath, type OrderPageState } from '../paths';
import { placedNotice } from '../rules';
import type { PickedProperty } from './PropertyPicker';

// The order forms (the floor plan's with the property picker) load when they are first opened.
const OrderFloorplanModal = lazy(() => import('./OrderFloorplanModal'));
const OrderRetouchingModal = lazy(() => import('./OrderRetouchingModal'));
const OrderWorkshopModal = lazy(() => import('./OrderWorkshopModal'));

/** A placed order opens its own page, which says it was placed and what it holds. */
function useOpenPlacedOrder(): (order: OrderDetail) => void {
  const navigate = useNavigate();
  return (order) => {
    const state: OrderPageState = { notice: placedNotice(order) };
    navigate(orderPath(order.id), { state });
  };
}

/** "Order a floor plan" from any page. */
export function OrderFloorplanDialog({ property, onClose }: { property?: PickedProperty; onClose(): void }) {
  const onPlaced = useOpenPlacedOrder();
  return (
    <Suspense fallback={null}>
      <OrderFloorplanModal property={property} onClose={onClose} onPlaced={onPlaced} />
    </Suspense>
  );
}

/** "Order retouching" of some of a property's photos, from its page. */
export function OrderRetouchingDialog({
  property,
  photos,
  onClose,
}: {
  property: PickedProperty;
  photos: readonly Media[];
  onClose(): void;
}) {
  const onPlaced = useOpenPlacedOrder();
  return (
    <Suspense fallback={null}>
      <OrderRetouchingModal property={property} photos={photos} onClose={onClose} onPlaced={onPlaced} />
    </Suspense>
  );
}

/** "Order the workshop assistant" for a property's tour, from its page. */
export function OrderWorkshopDialog({ property, onClose }: { property: PickedProperty; onClose(): void }) {
  const onPlaced = useOpenPlacedOrder();
  return (
    <Suspense fallback={null}>
      <OrderWorkshopModal property={property} onClose={onClose} onPlaced={onPlaced} />
    </Suspense>
  );
}
