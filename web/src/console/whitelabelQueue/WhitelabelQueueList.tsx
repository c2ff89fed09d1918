import { DataTable, List, SelectInput } from 'react-admin';
import { IsoDateField } from '../shared/IsoDateField';
import { DOMAIN_STATUS_CHOICES, DomainStatusField } from '../shared/DomainStatusField';
import { DecisionButtons } from './DecisionButtons';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={DOMAIN_STATUS_CHOICES} alwaysOn />,
];

/**
 * The virtual assistants' white-label set-up queue (GET /virtual_assistant/whitelabeled-domains.json by status),
 * oldest request first; it opens on the domains waiting for set-up.
 */
export function WhitelabelQueueList() {
  return (
    <List
      title="White-label domains"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      exporter={false}
      perPage={25}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="subdomain" label="Domain" disableSort />
        <DataTable.Col source="provider.name" label="Provider" disableSort />
        <DataTable.Col source="status" label="Status" disableSort>
          <DomainStatusField />
        </DataTable.Col>
        <DataTable.Col source="failureReason" label="Why it failed" disableSort />
        <DataTable.Col source="requestedAt" label="Requested" disableSort field={IsoDateField} />
        <DataTable.Col label="Set-up" disableSort>
          <DecisionButtons />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
