import { DomainIcon } from '../shared/icons';
import { WhitelabeledDomainList } from './WhitelabeledDomainList';

/** Admin: every white-label domain, searchable and correctable. */
export default {
  list: WhitelabeledDomainList,
  icon: DomainIcon,
  options: { label: 'White-label domains' },
  recordRepresentation: 'subdomain',
};
