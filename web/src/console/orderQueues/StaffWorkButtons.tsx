import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useResourceContext } from 'react-admin';
import { AmendOrderButton } from '../orders/AmendOrderButton';
import { CancelOrderButton } from '../orders/CancelOrderButton';
import { ORDER_STATUS, orderName, queueOf, supplierMoves, type OrderDetail } from '../orders/orders';
import { MoveButton } from '../orders/MoveButton';
import { useOrderAction } from '../orders/useOrderAction';
import { tourSpacePath } from '../../provider/features/tours/paths';
import { useImpersonate } from '../providers/useImpersonate';

/**
 * The staff's own work on a workshop assistant order: "Start" (or "Resume"), "Pause", "Deliver" (asked first; refused
 * in the server's words while the tour's draft holds no work saved since the order was placed) and "Cancel order";
 * an admin does the work as the provider ("Impersonate the provider", back to this page when it stops). Delivered:
 * "Amend".
 */
export function StaffWorkButtons({ order }: { order: OrderDetail }) {
  const resource = useResourceContext();
  const { canAccess: canWork } = useCanAccess({ resource, action: 'work' });
  const { canAccess: canCancel } = useCanAccess({ resource, action: 'cancel' });
  const { canAccess: canAmend } = useCanAccess({ resource, action: 'amend' });
  const { canAccess: canImpersonate } = useCanAccess({ resource: 'providers', action: 'impersonate' });
  const action = useOrderAction();
  const { run, isPending } = action;
  const { impersonate, isPending: isImpersonating } = useImpersonate();
  const [confirming, setConfirming] = useState(false);
  const moves = canWork ? supplierMoves(order.status) : [];
  const name = orderName(order);

  if (order.status === 'delivered') {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography variant="body2" color="text.secondary">
          Delivered: the work is in the tour&apos;s draft, for the provider to review and publish.
        </Typography>
        {canAmend && <AmendOrderButton order={order} openIn={queueOf} />}
      </Box>
    );
  }
  if (moves.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing to do: the order is {ORDER_STATUS[order.status].label.toLowerCase()}.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {order.status !== 'in_progress'
          ? 'Start it, then do the work as the provider, in the tour’s draft.'
          : canImpersonate
            ? `Do the work as the provider: "Impersonate the provider" opens the tour space of “${order.propertyTitle}” as the provider sees it; edit the layers the brief asks for. Every change stays in the tour's draft; nothing is published. Stop impersonating to come back here, then deliver.`
            : `An admin does the work as the provider (impersonating it), in the tour space of “${order.propertyTitle}”: every change stays in the tour's draft. Deliver once it is done.`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {moves.includes('start') && <MoveButton order={order} move="start" action={action} />}
        {order.status === 'in_progress' && canImpersonate && (
          <Button
            size="small"
            variant="outlined"
            disabled={isImpersonating}
            onClick={() => void impersonate({ id: order.providerId }, tourSpacePath(order.propertyId))}
          >
            Impersonate the provider
          </Button>
        )}
        {moves.includes('pause') && <MoveButton order={order} move="pause" action={action} />}
        {moves.includes('finalise') && (
          <Button
            size="small"
            variant="contained"
            color="success"
            disabled={isPending}
            onClick={() => setConfirming(true)}
          >
            Deliver
          </Button>
        )}
        {moves.includes('cancel') && canCancel && <CancelOrderButton order={order} />}
      </Box>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={`Deliver ${name.toLowerCase()}?`}
        content="The provider is told the work is in its tour's draft, ready to review and publish, and the order's credits are spent."
        confirm="Deliver"
        onConfirm={async () => {
          await run((provider) => provider.moveOrder(order.id, 'finalise'), `${name} delivered.`);
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
