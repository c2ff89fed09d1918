import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, SelectInput } from 'react-admin';
import { DOMAIN_STATUS_CHOICES, DomainStatusField } from './DomainStatusField';
import { IsoDateField } from './IsoDateField';

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
 * assistants' set-up queue differ only in their filters and that last column.
 */
export function DomainList({ filters, filterDefaultValues, actions }: DomainListProps) {
  return (
    <List
      title="White-label domains"
      filters={filters}
      filterDefaultValues={filterDefaultValues}
      exporter={false}
      perPage={25}
    >
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
    </List>
  );
}
