import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { orderPath, type OrderPageState } from '../paths';
import { placedNotice } from '../rules';
import type { PickedProperty } from './PropertyPicker';

// The order form (with the property picker) loads when "Order a floor plan" is first pressed.
const OrderFloorplanModal = lazy(() => import('./OrderFloorplanModal'));

/** "Order a floor plan" from any page: a placed order opens its own page, which says it was placed. */
export function OrderFloorplanDialog({ property, onClose }: { property?: PickedProperty; onClose(): void }) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={null}>
      <OrderFloorplanModal
        property={property}
        onClose={onClose}
        onPlaced={(order) => {
          const state: OrderPageState = { notice: placedNotice(order) };
          navigate(orderPath(order.id), { state });
        }}
      />
    </Suspense>
  );
}
