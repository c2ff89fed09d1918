import { Typography } from '@mui/material';
import { useCurrentUserQuery } from '../../auth/queries';
import { OrderShow } from '../orders/OrderShow';
import { ASSIGNED_ORDERS } from '../orders/orders';
import { SupplierFiles } from './SupplierFiles';
import { TemplateSection } from './TemplateSection';
import { WorkflowButtons } from './WorkflowButtons';

/**
 * An order assigned to the supplier (GET /external_supplier/floorplan_orders/{id}): the workflow, its details and
 * steps, its files by role with uploads, the provider's drawing template, and the comments.
 */
export function AssignedOrderShow() {
  return (
    <OrderShow
      backLabel="Back to the assigned orders"
      actions={(order) => <WorkflowButtons order={order} />}
      files={(order) => <SupplierFiles order={order} />}
      more={(order) => <TemplateSection orderId={order.id} />}
      supplier={(order) => <AssignedTo supplierId={order.supplierId} />}
      pathOf={(order) => `${ASSIGNED_ORDERS}/${order.id}/show`}
    />
  );
}

function AssignedTo({ supplierId }: { supplierId: string | null }) {
  const me = useCurrentUserQuery().data;
  return (
    <Typography component="span" variant="body2">
      {supplierId && me?.userId === supplierId ? 'You' : supplierId ? 'Another supplier' : 'Not assigned'}
    </Typography>
  );
}
