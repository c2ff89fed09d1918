import { ImpersonationList } from './ImpersonationList';

/** Admin: the audit log of impersonations. */
export default {
  list: ImpersonationList,
  options: { label: 'Impersonations' },
};
