import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { retouchingSummary, workshopSummary } from '@tourly/contracts';
import { formatDateTime } from '../../shared/format';
import { OrderStatusChip, PromisedAt } from './OrderFields';
import { ORDER_KIND_LABELS, STEP_LABELS, type OrderDetail, type OrderRecord } from './orders';

/** Where an order's page is in this area: `<resource>/<id>/show`, the resource chosen by the area. */
export type OrderPathOf = (order: Pick<OrderRecord, 'id' | 'kind' | 'amendsOrderId'>) => string;

interface OrderDetailsProps {
  order: OrderDetail;
  /** Whom it is assigned to, in the area's words. */
  supplier: ReactNode;
  pathOf: OrderPathOf;
}

/** What the order is, for whom, and where it stands: label and value pairs, only those with a value. */
export function OrderDetails({ order, supplier, pathOf }: OrderDetailsProps) {
  const basename = useBasename();
  const link = (target: Pick<OrderRecord, 'id' | 'kind' | 'amendsOrderId'>, text: string) => (
    <Link component={RouterLink} to={`${basename}/${pathOf(target)}`}>
      {text}
    </Link>
  );
  const rows: Array<[string, ReactNode]> = [
    ['Property', [order.propertyTitle, order.propertyAddress].filter(Boolean).join(', ')],
    ['Kind', ORDER_KIND_LABELS[order.kind]],
    ...(order.retouchOptions ? [['Retouching', retouchingSummary(order)] as [string, ReactNode]] : []),
    ...(order.workshopTasks
      ? [['Work on', workshopSummary(order.workshopTasks)] as [string, ReactNode]]
      : []),
    ['Status', <OrderStatusChip key="status" status={order.status} />],
    ['Placed', formatDateTime(order.placedAt)],
    ['Promised', <PromisedAt key="promised" order={order} />],
    ['Credits', String(order.credits)],
    [
      order.amendsOrderId ? 'What to change' : order.workshopTasks ? 'Brief' : 'Instructions',
      order.instructions ?? 'None',
    ],
    // The staff work it themselves: there is no supplier.
    ...(order.workshopTasks ? [] : [['Supplier', supplier] as [string, ReactNode]]),
  ];
  if (order.amendsOrderId) {
    rows.push([
      'Amends',
      link({ id: order.amendsOrderId, kind: order.kind, amendsOrderId: null }, 'The delivered order'),
    ]);
  }
  for (const [label, value] of [
    ['Assigned', order.assignedAt],
    ['Started', order.startedAt],
    ['Paused', order.pausedAt],
    ['Delivered', order.deliveredAt],
    ['Cancelled', order.cancelledAt],
  ] as const) {
    if (value) rows.push([label, formatDateTime(value)]);
  }
  if (order.cancellationReason) rows.push(['Why it was cancelled', order.cancellationReason]);
  if (order.amendments.length > 0) {
    rows.push([
      'Amendments',
      <Box key="amendments" component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}>
        {order.amendments.map((amendment) => (
          <span key={amendment.id}>{link(amendment, `Order ${amendment.number}`)}</span>
        ))}
      </Box>,
    ]);
  }

  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The order's history, oldest first: each step, when, and its note (a reason, an amendment's notes). */
export function OrderSteps({ order }: { order: OrderDetail }) {
  return (
    <Box component="ol" aria-label="Steps" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {order.steps.map((step, index) => (
        <Box
          component="li"
          key={`${step.step}-${step.at}-${index}`}
          sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, pb: 1.5, position: 'relative' }}
        >
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: -6,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: index === order.steps.length - 1 ? 'primary.main' : 'grey.400',
            }}
          />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {STEP_LABELS[step.step]}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {formatDateTime(step.at)}
          </Typography>
          {step.note && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {step.note}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
