import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, SelectInput } from 'react-admin';
import { DOMAIN_STATUS_CHOICES, DomainStatusField, type DomainRecord } from './DomainStatusField';
import { IsoDateField } from './IsoDateField';
import { RowBlocks, useIsPhone } from './RowBlocks';

/** The filter both lists of domains have, always shown: In Progress, Active, Failed. */
export const statusFilter = (
  <SelectInput key="status" source="status" label="Status" choices={DOMAIN_STATUS_CHOICES} alwaysOn />
);

interface DomainListProps {
  filters: ReactElement[];
  filterDefaultValues?: Record<string, unknown>;
  /** The last column: what the area does with a domain. */
  actions: { label: string; buttons: ReactNode };
}

/**
 * White-label domains, oldest request first, 25 a page: the domain, its provider, its status, why it failed and
 * when it was asked for, then what the area does with it. The admins' list of every domain and the virtual
 * assistants' set-up queue differ only in their filters and that last column. On a phone each domain is a block,
 * what the area does with it under it.
 */
export function DomainList({ filters, filterDefaultValues, actions }: DomainListProps) {
  const isPhone = useIsPhone();
  return (
    <List
      title="White-label domains"
      filters={filters}
      filterDefaultValues={filterDefaultValues}
      exporter={false}
      perPage={25}
    >
      {isPhone ? (
        <DomainBlocks actions={actions.buttons} withProvider />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="subdomain" label="Domain" disableSort />
          <DataTable.Col source="provider.name" label="Provider" disableSort />
          <DataTable.Col source="status" label="Status" disableSort>
            <DomainStatusField />
          </DataTable.Col>
          <DataTable.Col source="failureReason" label="Why it failed" disableSort />
          <DataTable.Col source="requestedAt" label="Requested" disableSort field={IsoDateField} />
          <DataTable.Col label={actions.label} disableSort>
            {actions.buttons}
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/**
 * White-label domains as a phone shows them: a block per domain (its provider, status, why it failed, when it was
 * asked for), what the area does with it under it. Also a provider's Domain tab.
 */
export function DomainBlocks({
  actions,
  withProvider = false,
  empty,
}: {
  actions: ReactNode;
  withProvider?: boolean;
  empty?: ReactNode;
}) {
  return (
    <RowBlocks<DomainRecord>
      label="White-label domains"
      title={(domain) => domain.subdomain}
      details={[
        ...(withProvider
          ? [{ label: 'Provider', value: (domain: DomainRecord) => domain.provider.name }]
          : []),
        { label: 'Status', value: () => <DomainStatusField /> },
        { label: 'Why it failed', value: (domain) => domain.failureReason },
        { label: 'Requested', value: () => <IsoDateField source="requestedAt" /> },
      ]}
      actions={actions}
      empty={empty}
    />
  );
}
