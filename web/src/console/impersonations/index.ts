import { HistoryIcon } from '../shared/icons';
import { ImpersonationList } from './ImpersonationList';

/** Admin: the audit log of impersonations. */
export default {
  list: ImpersonationList,
  icon: HistoryIcon,
  options: { label: 'Impersonations' },
};
