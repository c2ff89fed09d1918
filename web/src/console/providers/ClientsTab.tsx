import { DataTable, SearchInput } from 'react-admin';
import { NoRows } from '../shared/NoRows';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord } from './types';

const filters = [<SearchInput key="search" source="search" alwaysOn placeholder="Name or email" />];

/** The agencies the provider works for (GET /admin/provider_clients.json with its `provider_id`: page, search). */
export function ClientsTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="provider_clients" provider={provider} filters={filters}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoRows text="No clients." padded />}>
        <DataTable.Col source="name" label="Client" disableSort />
      </DataTable>
    </ProviderRecordList>
  );
}
