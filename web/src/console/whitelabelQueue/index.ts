import { DomainIcon } from '../shared/icons';
import { WhitelabelQueueList } from './WhitelabelQueueList';

/** Virtual assistant: the white-label domains to set up. */
export default {
  list: WhitelabelQueueList,
  icon: DomainIcon,
  options: { label: 'White-label domains' },
  recordRepresentation: 'subdomain',
};
