import { DataTable, Link, List, SearchInput, useCreatePath, useRecordContext } from 'react-admin';
import type { Schema } from '../../api/types';
import { formatDateTime } from '../../shared/format';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';

export type DigitalTwinRecord = Schema<'properties.AdminDigitalTwinResponse'>;

const ALIGNMENTS: Record<DigitalTwinRecord['alignment'], string> = {
  pending_alignment: 'Pending alignment',
  aligned: 'Aligned',
};

/** The last alignment's error in centimetres ('4.2 cm'), or '—' before the first. */
export const alignmentError = (rmsError: number | null): string =>
  rmsError === null ? '—' : `${(rmsError * 100).toFixed(1)} cm`;

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Property title or address" />,
];

/**
 * Every provider's digital twins (GET /admin/digital_twins.json: page, search), newest first: the property, the
 * model, whether it is aligned and how well, and the provider's page.
 */
export function DigitalTwinList() {
  const isPhone = useIsPhone();
  return (
    <List title="Digital twins" filters={filters} exporter={false} perPage={25} empty={false}>
      {isPhone ? (
        <RowBlocks<DigitalTwinRecord>
          label="Digital twins"
          title={(row) => row.propertyTitle}
          details={[
            { label: 'Model', value: (row) => row.assetName ?? 'Deleted from the library' },
            { label: 'Alignment', value: (row) => ALIGNMENTS[row.alignment] },
            { label: 'Error', value: (row) => alignmentError(row.rmsError) },
            { label: 'Created', value: (row) => formatDateTime(row.createdAt) },
            { label: 'Provider', value: () => <ProviderLink /> },
          ]}
          empty={<NoTwins />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoTwins />}>
          <DataTable.Col source="propertyTitle" label="Property" disableSort />
          <DataTable.Col
            source="assetName"
            label="Model"
            disableSort
            render={(row: DigitalTwinRecord) => row.assetName ?? 'Deleted from the library'}
          />
          <DataTable.Col
            source="alignment"
            label="Alignment"
            disableSort
            cellSx={oneLine}
            render={(row: DigitalTwinRecord) => ALIGNMENTS[row.alignment]}
          />
          <DataTable.Col
            source="rmsError"
            label="Error"
            disableSort
            cellSx={oneLine}
            render={(row: DigitalTwinRecord) => alignmentError(row.rmsError)}
          />
          <DataTable.Col source="createdAt" label="Created" disableSort cellSx={oneLine}>
            <IsoDateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col label="Provider" disableSort cellSx={oneLine}>
            <ProviderLink />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

const NoTwins = () => <NoRows text="No property has a digital twin yet." padded />;

/** The twin's provider's page in the back office. */
function ProviderLink() {
  const row = useRecordContext<DigitalTwinRecord>();
  const createPath = useCreatePath();
  if (!row) return null;
  return (
    <Link to={createPath({ resource: 'providers', id: row.providerId, type: 'show' })}>Open provider</Link>
  );
}
