import { DomainList, statusFilter } from '../shared/DomainList';
import { DecisionButtons } from './DecisionButtons';

/**
 * The virtual assistants' white-label set-up queue (GET /virtual_assistant/whitelabeled-domains.json by status),
 * oldest request first; it opens on the domains waiting for set-up.
 */
export function WhitelabelQueueList() {
  return (
    <DomainList
      filters={[statusFilter]}
      filterDefaultValues={{ status: 'pending' }}
      actions={{ label: 'Set-up', buttons: <DecisionButtons /> }}
    />
  );
}
