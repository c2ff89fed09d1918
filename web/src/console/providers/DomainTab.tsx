import { DataTable } from 'react-admin';
import { oneLine } from '../shared/cells';
import { DomainBlocks } from '../shared/DomainList';
import { DomainStatusField } from '../shared/DomainStatusField';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { useIsPhone } from '../shared/RowBlocks';
import { EditDomainButton } from '../whitelabeledDomains/EditDomainButton';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord } from './types';

/**
 * The provider's white-label domain: the white-label domains list (GET /admin/whitelabeled_domains) filtered by the
 * provider, with its status, why it failed, when it was asked for, and "Edit domain" (back to set-up).
 */
export function DomainTab({ provider }: { provider: ProviderRecord }) {
  const isPhone = useIsPhone();
  return (
    <ProviderRecordList resource="whitelabeled_domains" provider={provider}>
      {isPhone ? (
        <DomainBlocks actions={<EditDomainButton />} empty={<NoDomain />} />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoDomain />}>
          <DataTable.Col source="subdomain" label="Domain" disableSort />
          <DataTable.Col source="status" label="Status" disableSort cellSx={oneLine}>
            <DomainStatusField />
          </DataTable.Col>
          <DataTable.Col source="failureReason" label="Why it failed" disableSort />
          <DataTable.Col
            source="requestedAt"
            label="Requested"
            disableSort
            cellSx={oneLine}
            field={IsoDateField}
          />
          <DataTable.Col label="Actions" disableSort>
            <EditDomainButton />
          </DataTable.Col>
        </DataTable>
      )}
    </ProviderRecordList>
  );
}

const NoDomain = () => <NoRows text="No white-label domain: the provider has not asked for one." padded />;
