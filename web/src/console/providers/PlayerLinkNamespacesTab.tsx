import { DataTable } from 'react-admin';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { ProviderRecordList } from './ProviderRecordList';
import type { PlayerLinkNamespaceRecord, ProviderRecord } from './types';

/**
 * The provider's player link namespaces (GET /admin/providers/{id}/player_link_namespaces, paged): the slug its tour
 * links start with (/tours/<slug>/...), how many of its live properties have a link in it, since when.
 */
export function PlayerLinkNamespacesTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="provider_player_link_namespaces" provider={provider}>
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        empty={<NoRows text="No player link namespaces yet." padded />}
      >
        <DataTable.Col source="slug" label="Namespace" disableSort />
        <DataTable.Col
          source="tourCount"
          label="Tours"
          disableSort
          render={(namespace: PlayerLinkNamespaceRecord) => String(namespace.tourCount)}
        />
        <DataTable.Col source="createdAt" label="Created" disableSort cellSx={oneLine} field={IsoDateField} />
      </DataTable>
    </ProviderRecordList>
  );
}
