import { Link } from '@mui/material';
import { DataTable, SearchInput, useRecordContext } from 'react-admin';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord, ProviderTourRecord } from './types';

const filters = [<SearchInput key="search" source="search" alwaysOn placeholder="Property" />];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The provider's tours, a player link each (GET /admin/providers/{id}/tours: page, search): the property, the link
 * visitors open, whether it is published and answers visitors (shareable), premium, password-protected, and when
 * its layers were last published.
 */
export function ToursTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="provider_tours" provider={provider} filters={filters}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoRows text="No tours." padded />}>
        <DataTable.Col source="propertyTitle" label="Property" disableSort />
        <DataTable.Col source="url" label="Link" disableSort>
          <TourLink />
        </DataTable.Col>
        <DataTable.Col
          source="published"
          label="Published"
          disableSort
          render={(tour: ProviderTourRecord) => yesNo(tour.published)}
        />
        <DataTable.Col
          source="shareable"
          label="Shareable"
          disableSort
          render={(tour: ProviderTourRecord) => yesNo(tour.shareable)}
        />
        <DataTable.Col
          source="premium"
          label="Type"
          disableSort
          render={(tour: ProviderTourRecord) => (tour.premium ? 'Premium' : 'Basic')}
        />
        <DataTable.Col
          source="hasPassword"
          label="Password"
          disableSort
          render={(tour: ProviderTourRecord) => yesNo(tour.hasPassword)}
        />
        <DataTable.Col source="layersPublishedAt" label="Layers published" disableSort cellSx={oneLine}>
          <IsoDateField source="layersPublishedAt" showTime emptyText="Never" />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" label="Updated" disableSort cellSx={oneLine}>
          <IsoDateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </ProviderRecordList>
  );
}

/**
 * The tour's default link, opened in a new tab (what a visitor gets: the player, or its refusal when not shared),
 * shown by its path: the host is the platform's own.
 */
function TourLink() {
  const tour = useRecordContext<ProviderTourRecord>();
  if (!tour) return null;
  return (
    <Link
      href={tour.url}
      target="_blank"
      rel="noopener"
      title={tour.url}
      sx={{ display: 'inline-block', minWidth: '10rem', overflowWrap: 'anywhere' }}
    >
      {pathOf(tour.url)}
    </Link>
  );
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
