import type { ResourceProps } from 'react-admin';
import { VA_QUEUES } from '../orders/orders';
import { OrderIcon } from '../shared/icons';
import { queueList } from './QueueList';
import { queueOrderShow } from './QueueOrderShow';

/**
 * Virtual assistant: the floor-plan queues (floor plans, schematic floor plans, TruePlans) and the amendments of
 * each kind, one resource each, all built from the same list and order page.
 */
export const orderQueues: ResourceProps[] = VA_QUEUES.map(({ resource, label }) => ({
  name: resource,
  list: queueList(label),
  show: queueOrderShow(label),
  icon: OrderIcon,
  options: { label },
  recordRepresentation: 'number',
}));
