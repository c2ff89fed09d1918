import { DataTable } from 'react-admin';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord } from './types';

/**
 * The provider's bookings (GET /admin/providers/{id}/bookings, paged). Bookings do not exist in the platform yet:
 * the route answers an empty page, and the tab says so.
 */
export function BookingsTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="provider_bookings" provider={provider}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoRows text="No bookings yet." padded />}>
        <DataTable.Col source="id" label="Booking" disableSort />
        <DataTable.Col source="createdAt" label="Created" disableSort cellSx={oneLine}>
          <IsoDateField source="createdAt" showTime />
        </DataTable.Col>
      </DataTable>
    </ProviderRecordList>
  );
}
