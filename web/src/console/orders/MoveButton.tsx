import { Button } from '@mui/material';
import { orderName, startLabel, type OrderDetail } from './orders';
import type { useOrderAction } from './useOrderAction';

/**
 * "Start" ("Resume" for a paused order) or "Pause": one move of the order, the same for its supplier and for the
 * staff who work it themselves, notified once done.
 */
export function MoveButton({
  order,
  move,
  action,
}: {
  order: OrderDetail;
  move: 'start' | 'pause';
  action: ReturnType<typeof useOrderAction>;
}) {
  const done = move === 'pause' ? 'paused' : order.status === 'paused' ? 'resumed' : 'started';
  return (
    <Button
      size="small"
      variant={move === 'start' ? 'contained' : 'outlined'}
      disabled={action.isPending}
      onClick={() =>
        void action.run((provider) => provider.moveOrder(order.id, move), `${orderName(order)} ${done}.`)
      }
    >
      {move === 'start' ? startLabel(order.status) : 'Pause'}
    </Button>
  );
}
