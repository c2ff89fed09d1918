import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ShowBase, Title, useCreatePath, useResourceContext, useShowContext } from 'react-admin';
import { ORDER_KIND_LABELS } from '@tourly/contracts';
import { Section } from '../shared/Section';
import { TextButton } from '../shared/TextButton';
import { Comments } from './Comments';
import { OrderStatusChip } from './OrderFields';
import { OrderDetails, OrderSteps, type OrderPathOf } from './OrderSummary';
import { orderName, type OrderDetail } from './orders';

interface OrderShowProps {
  /** The list this page returns to, in words: 'Back to the floor plans'. */
  backLabel: string;
  /** The area's work on the order (its buttons), given the order. */
  actions: (order: OrderDetail) => ReactNode;
  /** The order's files, as the area sees and changes them. */
  files: (order: OrderDetail) => ReactNode;
  /** Whom it is assigned to, in the area's words. */
  supplier: (order: OrderDetail) => ReactNode;
  /** Sections after the files (the supplier's drawing template). */
  more?: (order: OrderDetail) => ReactNode;
  pathOf: OrderPathOf;
}

/**
 * One order's page (react-admin's show of the area's resource, read with the data provider's `getOne`): what the
 * area does with it, its details, its steps, its files and its comments, one card each, stacked on a phone.
 */
export function OrderShow(props: OrderShowProps) {
  return (
    <ShowBase>
      <OrderPage {...props} />
    </ShowBase>
  );
}

function OrderPage({ backLabel, actions, files, supplier, more, pathOf }: OrderShowProps) {
  const { record: order, error } = useShowContext<OrderDetail>();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const back = <TextButton to={createPath({ resource, type: 'list' })} label={backLabel} />;
  if (error) {
    return (
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <Alert severity="error">{error.message}</Alert>
        {back}
      </Box>
    );
  }
  // react-admin shows the list's row meanwhile, which has no steps, files nor amendments: wait for the order.
  if (!order || !Array.isArray(order.steps))
    return (
      <Typography role="status" sx={{ mt: 2 }}>
        Loading the order…
      </Typography>
    );
  const name = orderName(order);

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, mb: 4, minWidth: 0 }}>
      <Title title={name} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h5" component="h1">
          {name}
        </Typography>
        <OrderStatusChip status={order.status} />
      </Box>
      <Typography color="text.secondary" sx={{ mt: -1.5, overflowWrap: 'anywhere' }}>
        {ORDER_KIND_LABELS[order.kind]} · {order.propertyTitle}
      </Typography>
      <Box>{back}</Box>
      <Section id="order-actions" title="Actions">
        {actions(order)}
      </Section>
      <Section id="order-details" title="Details">
        <OrderDetails order={order} supplier={supplier(order)} pathOf={pathOf} />
      </Section>
      <Section id="order-steps" title="Steps">
        <OrderSteps order={order} />
      </Section>
      {files(order)}
      {more?.(order)}
      <Section id="order-comments" title="Comments">
        <Comments orderId={order.id} />
      </Section>
    </Box>
  );
}
