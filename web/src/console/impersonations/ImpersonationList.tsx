import { DataTable, List } from 'react-admin';
import { IsoDateField } from '../shared/IsoDateField';
import { formatDuration } from '../../shared/format';
import type { Answer } from '../../api/types';

export type ImpersonationRecord = Answer<'/admin/impersonations', 'get'>['items'][number];

/** The impersonation audit log (GET /admin/impersonations), newest first: who acted as whom, when, how long. */
export function ImpersonationList() {
  return (
    <List title="Impersonations" exporter={false} perPage={25}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="admin.email" label="Administrator" disableSort />
        <DataTable.Col source="provider.name" label="Provider" disableSort />
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
    </List>
  );
}
