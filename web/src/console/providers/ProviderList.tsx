import { useEffect } from 'react';
import {
  DataTable,
  List,
  SearchInput,
  TextInput,
  useBasename,
  useCanAccess,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { TextButton } from '../shared/TextButton';
import { providerPagePath } from './tabs';
import { TagChip } from './TagChip';
import type { ProviderRecord } from './types';
import { useImpersonate } from './useImpersonate';

const PAGE_SIZE = 25;
/** The provider picker's size: a search shows every match it can on one page (the service's most). */
const SEARCH_PAGE_SIZE = 100;

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Name or subdomain" />,
  // The tag as an administrator set it, exactly (GET /admin/providers.json?tag=).
  <TextInput key="tag" source="tag" label="Tag" alwaysOn resettable />,
];

/**
 * Providers (GET /admin/providers.json), searched by name or subdomain as the admin types (debounced) and filtered
 * by tag, each with its tag; a row opens the provider's page, where each of its records is a tab. "Impersonate"
 * acts as it. On a phone each provider is a block, its actions under it.
 */
export function ProviderList() {
  const isPhone = useIsPhone();
  return (
    <List
      title="Providers"
      filters={filters}
      perPage={PAGE_SIZE}
      debounce={400}
      exporter={false}
      empty={false}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <PageSizeWhileSearching />
      {isPhone ? (
        <RowBlocks<ProviderRecord>
          label="Providers"
          title={(provider) => provider.name}
          details={[
            { label: 'Subdomain', value: (provider) => provider.subdomain },
            { label: 'Tag', value: (provider) => (provider.tag ? <TagChip tag={provider.tag} /> : null) },
            { label: 'Created', value: () => <IsoDateField source="createdAt" /> },
          ]}
          actions={<ProviderActions />}
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="subdomain" disableSort />
          <DataTable.Col source="tag" label="Tag" disableSort cellSx={oneLine}>
            <TagField />
          </DataTable.Col>
          <DataTable.Col
            source="createdAt"
            label="Created"
            disableSort
            cellSx={oneLine}
            field={IsoDateField}
          />
          <DataTable.Col label="Actions" disableSort>
            <ProviderActions />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** 100 a page while searching, so the match the admin looks for is on the first page. */
function PageSizeWhileSearching() {
  const { filterValues, perPage, setPerPage } = useListContext();
  const searching = typeof filterValues.search === 'string' && filterValues.search.trim() !== '';
  useEffect(() => {
    const wanted = searching ? SEARCH_PAGE_SIZE : PAGE_SIZE;
    if (perPage !== wanted) setPerPage(wanted);
    // Only a change between searching and not changes the page size; the admin may pick another meanwhile.
  }, [searching]);
  return null;
}

function TagField() {
  const provider = useRecordContext<ProviderRecord>();
  return provider?.tag ? <TagChip tag={provider.tag} /> : null;
}

/** "Open" (the row opens it too), the records most asked for, and "Impersonate". */
function ProviderActions() {
  const provider = useRecordContext<ProviderRecord>();
  const basename = useBasename();
  const { canAccess: canImpersonate } = useCanAccess({ resource: 'providers', action: 'impersonate' });
  const { canAccess: canSeeCredits } = useCanAccess({ resource: 'providers', action: 'credits' });
  const { impersonate, isPending } = useImpersonate();
  if (!provider) return null;
  // The row opens the provider's page: its buttons do what they say instead.
  const stop = (event: React.MouseEvent) => event.stopPropagation();

  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
      <TextButton
        to={providerPagePath(basename, provider.id)}
        label="Open"
        aria-label={`Open ${provider.name}`}
        variant="outlined"
        onClick={stop}
      />
      <TextButton
        to={providerPagePath(basename, provider.id, 'users')}
        label="Users"
        aria-label={`Users of ${provider.name}`}
        onClick={stop}
      />
      <TextButton
        to={providerPagePath(basename, provider.id, 'domain')}
        label="Domain"
        aria-label={`White-label domain of ${provider.name}`}
        onClick={stop}
      />
      {canSeeCredits && (
        <TextButton
          to={providerPagePath(basename, provider.id, 'credits')}
          label="Credits"
          aria-label={`Credits of ${provider.name}`}
          onClick={stop}
        />
      )}
      {canImpersonate && (
        <TextButton
          label="Impersonate"
          aria-label={`Impersonate ${provider.name}`}
          variant="contained"
          disabled={isPending}
          onClick={(event) => {
            stop(event);
            void impersonate(provider);
          }}
        />
      )}
    </span>
  );
}
