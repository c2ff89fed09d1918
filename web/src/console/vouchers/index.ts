import { VoucherIcon } from '../shared/icons';
import { VoucherCreate } from './VoucherCreate';
import { VoucherEdit } from './VoucherEdit';
import { VoucherList } from './VoucherList';

/** Admin: vouchers (credits at once, or a discount on the next purchase), their CSV of redemptions, archiving. */
export default {
  list: VoucherList,
  create: VoucherCreate,
  edit: VoucherEdit,
  icon: VoucherIcon,
  options: { label: 'Vouchers' },
  recordRepresentation: 'code',
};
