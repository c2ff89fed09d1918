import { WhitelabeledDomainList } from './WhitelabeledDomainList';

/** Admin: every white-label domain, searchable and correctable. */
export default {
  list: WhitelabeledDomainList,
  options: { label: 'White-label domains' },
  recordRepresentation: 'subdomain',
};
