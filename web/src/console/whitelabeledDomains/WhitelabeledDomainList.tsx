import { DataTable, List, SearchInput, SelectInput, TextInput } from 'react-admin';
import { IsoDateField } from '../shared/IsoDateField';
import { DOMAIN_STATUS_CHOICES, DomainStatusField } from '../shared/DomainStatusField';
import { EditDomainButton } from './EditDomainButton';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Domain or provider" />,
  <SelectInput key="status" source="status" label="Status" choices={DOMAIN_STATUS_CHOICES} alwaysOn />,
  <TextInput key="providerId" source="providerId" label="Provider ID" />,
];

/**
 * Every provider's white-label domain (GET /admin/whitelabeled_domains: page, search, status, provider_id),
 * oldest request first, each correctable by an admin.
 */
export function WhitelabeledDomainList() {
  return (
    <List title="White-label domains" filters={filters} exporter={false} perPage={25}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="subdomain" label="Domain" disableSort />
        <DataTable.Col source="provider.name" label="Provider" disableSort />
        <DataTable.Col source="status" label="Status" disableSort>
          <DomainStatusField />
        </DataTable.Col>
        <DataTable.Col source="failureReason" label="Why it failed" disableSort />
        <DataTable.Col source="requestedAt" label="Requested" disableSort field={IsoDateField} />
        <DataTable.Col label="Actions" disableSort>
          <EditDomainButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
