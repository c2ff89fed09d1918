import type { BookingStatus } from '@tourly/contracts';
import { DataTable } from 'react-admin';
import type { Answer } from '../../api/types';
import { formatMoney } from '../../shared/format';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { StatusChip } from '../shared/StatusChip';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord } from './types';

/** A row of GET /admin/providers/{id}/bookings. */
type ProviderBookingRecord = Answer<'/admin/providers/{id}/bookings', 'get'>['items'][number];

const STATUS: Record<
  BookingStatus,
  { label: string; color: 'success' | 'warning' | 'error' | 'default' | 'info' }
> = {
  pending: { label: 'Pending', color: 'warning' },
  accepted: { label: 'Accepted', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'error' },
  completed: { label: 'Completed', color: 'default' },
};

/**
 * The provider's bookings (GET /admin/providers/{id}/bookings, paged), the latest shoot first: when, the agent,
 * the address, the price, and whether it was invoiced. The back office reads them; the provider answers them.
 */
export function BookingsTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="provider_bookings" provider={provider}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoRows text="No bookings yet." padded />}>
        <DataTable.Col source="startsAt" label="Shoot" disableSort cellSx={oneLine}>
          <IsoDateField source="startsAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="status"
          label="Status"
          disableSort
          cellSx={oneLine}
          render={(booking: ProviderBookingRecord) => <StatusChip {...STATUS[booking.status]} />}
        />
        <DataTable.Col source="fullName" label="Agent" disableSort />
        <DataTable.Col source="formattedAddress" label="Address" disableSort />
        <DataTable.Col
          source="totalCents"
          label="Total"
          disableSort
          cellSx={oneLine}
          render={(booking: ProviderBookingRecord) => formatMoney(booking.totalCents, booking.currency)}
        />
        <DataTable.Col source="invoicedAt" label="Invoiced" disableSort cellSx={oneLine}>
          <IsoDateField source="invoicedAt" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="createdAt" label="Requested" disableSort cellSx={oneLine}>
          <IsoDateField source="createdAt" showTime />
        </DataTable.Col>
      </DataTable>
    </ProviderRecordList>
  );
}
