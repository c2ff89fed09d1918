import { Box, Typography } from '@mui/material';
import { useCanAccess, useResourceContext } from 'react-admin';
import { AmendOrderButton } from '../orders/AmendOrderButton';
import { CancelOrderButton } from '../orders/CancelOrderButton';
import { SupplierName } from '../orders/OrderFields';
import { FileList, OrderFiles } from '../orders/OrderFiles';
import { OrderShow } from '../orders/OrderShow';
import { assistantActions, ORDER_STATUS, queueOf, workedByStaff, type OrderDetail } from '../orders/orders';
import { Section } from '../shared/Section';
import { AssignSupplier } from './AssignSupplier';
import { StaffWorkButtons } from './StaffWorkButtons';

/**
 * An order of a virtual assistant's queue (GET /virtual_assistant/portal_order_requests/{id}): assign it, cancel it
 * with a reason, amend it once delivered (or, for the orders the staff work themselves, work it); its details,
 * steps, files and comments.
 */
export function queueOrderShow(label: string) {
  return function QueueOrderShow() {
    return (
      <OrderShow
        backLabel={`Back to ${label.toLowerCase()}`}
        actions={(order) =>
          workedByStaff(order) ? <StaffWorkButtons order={order} /> : <AssistantActions order={order} />
        }
        files={(order) => (
          <Section id="order-files" title="Files">
            {workedByStaff(order) ? (
              // Its work is the tour's draft: only an amendment's supporting files are files of its own.
              <FileList
                files={order.files}
                label="Supporting files"
                empty="None: the work is the tour's draft."
              />
            ) : (
              <OrderFiles files={order.files} />
            )}
          </Section>
        )}
        supplier={(order) => <SupplierName order={order} />}
        pathOf={(order) => `${queueOf(order)}/${order.id}/show`}
      />
    );
  };
}

function AssistantActions({ order }: { order: OrderDetail }) {
  const resource = useResourceContext();
  const { canAccess: canAssign } = useCanAccess({ resource, action: 'assign' });
  const { canAccess: canCancel } = useCanAccess({ resource, action: 'cancel' });
  const { canAccess: canAmend } = useCanAccess({ resource, action: 'amend' });
  const actions = assistantActions(order.status);
  const atMatterport = order.drawnBy === 'matterport';
  const shown = {
    // Matterport draws it: there is no supplier to assign.
    assign: actions.includes('assign') && canAssign && !atMatterport,
    cancel: actions.includes('cancel') && canCancel,
    amend: actions.includes('amend') && canAmend,
  };
  if (!shown.assign && !shown.cancel && !shown.amend) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing to do: the order is {ORDER_STATUS[order.status].label.toLowerCase()}.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {atMatterport && order.status === 'in_progress' && (
        <Typography variant="body2" color="text.secondary">
          Matterport is drawing it: the plan is delivered into this order as soon as Matterport completes it;
          if Matterport fails, the order is cancelled with its reason and the credits go back to the provider.
        </Typography>
      )}
      {shown.assign && <AssignSupplier key={order.supplierId ?? 'none'} order={order} />}
      {(shown.cancel || shown.amend) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {shown.amend && <AmendOrderButton order={order} openIn={queueOf} />}
          {shown.cancel && <CancelOrderButton order={order} />}
        </Box>
      )}
    </Box>
  );
}
