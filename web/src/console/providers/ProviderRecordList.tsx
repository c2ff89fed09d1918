import type { ReactElement, ReactNode } from 'react';
import { List } from 'react-admin';
import type { ProviderRecord } from './types';

interface ProviderRecordListProps {
  /** A resource the data provider lists at `providers/{id}/...` (see `paths.ts`). */
  resource: string;
  provider: ProviderRecord;
  filters?: ReactElement[];
  perPage?: number;
  children: ReactNode;
}

/**
 * A list of one provider's records on its page: paged on the server (25 a page), searched 400 ms after typing stops,
 * its own state (not in the address, not remembered for another provider), no title of its own, no export. The
 * table says itself when it is empty.
 */
export function ProviderRecordList({
  resource,
  provider,
  filters,
  perPage = 25,
  children,
}: ProviderRecordListProps) {
  return (
    <List
      resource={resource}
      filter={{ providerId: provider.id }}
      filters={filters}
      disableSyncWithLocation
      storeKey={false}
      title={false}
      actions={false}
      exporter={false}
      empty={false}
      debounce={400}
      perPage={perPage}
      sx={{ minWidth: 0 }}
    >
      {children}
    </List>
  );
}
