import { DataTable, List } from 'react-admin';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { formatDuration } from '../../shared/format';
import type { Answer } from '../../api/types';

export type ImpersonationRecord = Answer<'/admin/impersonations', 'get'>['items'][number];

/** The impersonation audit log (GET /admin/impersonations), newest first: who acted as whom, when, how long. */
export function ImpersonationList() {
  return (
    <List title="Impersonations" exporter={false} perPage={25}>
      <ImpersonationTable />
    </List>
  );
}

/**
 * The log's table, in a list of impersonations: every provider's (with the provider's column), or one provider's on
 * its page (`ofOneProvider`).
 */
export function ImpersonationTable({ ofOneProvider = false }: { ofOneProvider?: boolean }) {
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      empty={
        ofOneProvider ? <NoRows text="No administrator has acted as this provider." padded /> : undefined
      }
    >
      <DataTable.Col source="admin.email" label="Administrator" disableSort />
      {!ofOneProvider && <DataTable.Col source="provider.name" label="Provider" disableSort />}
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
  );
}
