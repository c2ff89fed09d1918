import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess } from 'react-admin';
import { AmendOrderButton } from '../orders/AmendOrderButton';
import { CancelOrderButton } from '../orders/CancelOrderButton';
import { filesOf } from '../orders/OrderFiles';
import {
  ASSIGNED_ORDERS,
  ORDER_STATUS,
  orderName,
  supplierMoves,
  type OrderDetail,
  type OrderValidation,
} from '../orders/orders';
import { MoveButton } from '../orders/MoveButton';
import { useOrderAction } from '../orders/useOrderAction';

/**
 * The supplier's workflow, each button shown only when the order's status allows it: "Start" (or "Resume" a paused
 * order), "Pause", "Validate" (what finalising would refuse, listed), "Finalise" (validated first: its problems are
 * listed instead of finalising; else asked, then delivered) and "Cancel order" with a reason. A move the status no
 * longer allows (someone else moved first: 409) is notified in the server's words. A delivered order: "Amend".
 */
export function WorkflowButtons({ order }: { order: OrderDetail }) {
  const { canAccess } = useCanAccess({ resource: 'assigned_orders', action: 'work' });
  const action = useOrderAction();
  const { run, isPending } = action;
  const [validation, setValidation] = useState<{ of: string; result: OrderValidation } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const moves = supplierMoves(order.status);
  const name = orderName(order);
  const deliverables = filesOf(order.files, 'delivered');
  // A validation holds for the order as it was: another status or other deliverables ask again.
  const version = `${order.status}:${deliverables.map((file) => file.id).join(',')}`;
  const current = validation?.of === version ? validation.result : null;

  if (!canAccess) return null;
  if (order.status === 'delivered') {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography variant="body2" color="text.secondary">
          Delivered. Something to correct? Amend it: new work on the plan, yours, at no cost to the provider.
        </Typography>
        <AmendOrderButton order={order} openIn={() => ASSIGNED_ORDERS} />
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

  async function validate(): Promise<OrderValidation | null> {
    const outcome = await run((provider) => provider.validateOrder(order.id));
    if (!outcome.ok) return null;
    setValidation({ of: version, result: outcome.value });
    return outcome.value;
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {moves.includes('start') && <MoveButton order={order} move="start" action={action} />}
        {moves.includes('pause') && <MoveButton order={order} move="pause" action={action} />}
        {moves.includes('finalise') && (
          <>
            <Button size="small" variant="outlined" disabled={isPending} onClick={() => void validate()}>
              Validate
            </Button>
            <Button
              size="small"
              variant="contained"
              color="success"
              disabled={isPending}
              onClick={async () => {
                const result = await validate();
                if (result?.ready) setConfirming(true);
              }}
            >
              Finalise
            </Button>
          </>
        )}
        {moves.includes('cancel') && <CancelOrderButton order={order} />}
      </Box>
      {current && (
        <Box role="region" aria-label="Validation">
          {current.ready ? (
            <Alert severity="success">Ready to finalise: nothing stands in the way.</Alert>
          ) : (
            <Alert severity="warning">
              <Typography variant="body2">Not ready to finalise:</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {current.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Box>
      )}
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={`Finalise ${name.toLowerCase()}?`}
        content={`The provider receives ${
          deliverables.length === 1 ? 'the deliverable' : `the ${deliverables.length} deliverables`
        } (${deliverables.map((file) => file.filename).join(', ')}) and the order is delivered: its files can no longer change.`}
        confirm="Finalise"
        onConfirm={async () => {
          const outcome = await run(
            (provider) => provider.moveOrder(order.id, 'finalise'),
            `${name} delivered.`,
          );
          if (outcome.ok || outcome.error === null) setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
