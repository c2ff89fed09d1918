import { Typography } from '@mui/material';
import { DataTable, SearchInput, SelectInput, useRecordContext } from 'react-admin';
import { formatDate } from '../../shared/format';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderPropertyRecord, ProviderRecord } from './types';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Title or address" />,
  // Sent as filters[status] and filters[tour_type], as the provider's own list takes them.
  <SelectInput
    key="status"
    source="filters.status"
    label="Published"
    choices={[
      { id: 'published', name: 'Tour published' },
      { id: 'unpublished', name: 'Tour not published' },
    ]}
    alwaysOn
  />,
  <SelectInput
    key="tourType"
    source="filters.tourType"
    label="Tour type"
    choices={[
      { id: 'premium', name: 'Premium' },
      { id: 'basic', name: 'Basic' },
    ]}
    alwaysOn
  />,
];

/**
 * The provider's live properties as its own list shows them (GET /admin/providers/{id}/properties: page, search,
 * filters), newest first: title and address, the tour's type, whether its tour and website are published, created.
 */
export function PropertiesTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="provider_properties" provider={provider} filters={filters}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoRows text="No properties." padded />}>
        <DataTable.Col source="title" label="Property" disableSort>
          <TitleAndAddress />
        </DataTable.Col>
        <DataTable.Col
          source="tourType"
          label="Tour type"
          disableSort
          cellSx={oneLine}
          render={(property: ProviderPropertyRecord) =>
            property.tourType === 'premium' ? 'Premium' : 'Basic'
          }
        />
        <DataTable.Col
          source="publishedAt"
          label="Tour"
          disableSort
          cellSx={oneLine}
          render={(property: ProviderPropertyRecord) =>
            property.publishedFeatures.tour
              ? `Published${property.publishedAt ? ` ${formatDate(property.publishedAt)}` : ''}`
              : 'Not published'
          }
        />
        <DataTable.Col
          label="Website"
          disableSort
          cellSx={oneLine}
          render={(property: ProviderPropertyRecord) =>
            property.publishedFeatures.website ? 'Live' : 'Not live'
          }
        />
        <DataTable.Col source="matterportKey" label="Matterport model" disableSort cellSx={oneLine} />
        <DataTable.Col source="createdAt" label="Created" disableSort cellSx={oneLine} field={IsoDateField} />
      </DataTable>
    </ProviderRecordList>
  );
}

function TitleAndAddress() {
  const property = useRecordContext<ProviderPropertyRecord>();
  if (!property) return null;
  return (
    <>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
        {property.title}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {property.address}
      </Typography>
    </>
  );
}
