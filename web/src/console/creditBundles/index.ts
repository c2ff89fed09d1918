import { CreditsIcon } from '../shared/icons';
import { CreditBundleCreate } from './CreditBundleCreate';
import { CreditBundleList } from './CreditBundleList';

/** Admin: the credits providers received (every kind that added credits), and "Give credits". */
export default {
  list: CreditBundleList,
  create: CreditBundleCreate,
  icon: CreditsIcon,
  options: { label: 'Credit bundles' },
};
