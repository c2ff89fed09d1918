import { DataTable } from 'react-admin';
import { formatDuration } from '../../shared/format';
import type { ImpersonationRecord } from '../impersonations/ImpersonationList';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord } from './types';

/** The provider's impersonation history (GET /admin/impersonations?provider_id=), newest first. */
export function ImpersonationsTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="impersonations" provider={provider}>
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        empty={<NoRows text="No administrator has acted as this provider." padded />}
      >
        <DataTable.Col source="admin.email" label="Administrator" disableSort />
        <DataTable.Col source="actingAs.email" label="Acting as" disableSort />
        <DataTable.Col source="startedAt" label="Started" disableSort>
          <IsoDateField source="startedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="endedAt" label="Ended" disableSort>
          <IsoDateField source="endedAt" showTime emptyText="Still going on" />
        </DataTable.Col>
        <DataTable.Col
          label="Duration"
          disableSort
          render={(record: ImpersonationRecord) =>
            record.durationSeconds === null ? '—' : formatDuration(record.durationSeconds)
          }
        />
      </DataTable>
    </ProviderRecordList>
  );
}
