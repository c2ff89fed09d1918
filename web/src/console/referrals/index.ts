import { ReferralIcon } from '../shared/icons';
import { ReferralsExport } from './ReferralsExport';

/** Admin: the referrals export (a form, not a list: the referrals are read only as the export). */
export default {
  list: ReferralsExport,
  icon: ReferralIcon,
  options: { label: 'Referrals' },
};
