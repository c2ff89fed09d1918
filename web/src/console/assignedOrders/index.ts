import { OrderIcon } from '../shared/icons';
import { AssignedOrderList } from './AssignedOrderList';
import { AssignedOrderShow } from './AssignedOrderShow';

/** External supplier: the floor-plan orders assigned to it, their workflow and files. */
export default {
  list: AssignedOrderList,
  show: AssignedOrderShow,
  icon: OrderIcon,
  options: { label: 'Assigned orders' },
  recordRepresentation: 'number',
};
