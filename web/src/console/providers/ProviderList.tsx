import { useEffect } from 'react';
import {
  DataTable,
  List,
  SearchInput,
  useBasename,
  useCanAccess,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { IsoDateField } from '../shared/IsoDateField';
import { TextButton } from '../shared/TextButton';
import { useVerb } from '../shared/useVerb';
import type { ProviderRecord } from './types';

const PAGE_SIZE = 25;
/** The provider picker's size: a search shows every match it can on one page (the service's most). */
const SEARCH_PAGE_SIZE = 100;

/**
 * Providers (GET /admin/providers.json), searched by name or subdomain as the admin types (debounced), with
 * their users, their domain, their credits and "Impersonate".
 */
export function ProviderList() {
  return (
    <List
      title="Providers"
      filters={[<SearchInput key="search" source="search" alwaysOn placeholder="Name or subdomain" />]}
      perPage={PAGE_SIZE}
      debounce={400}
      exporter={false}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <PageSizeWhileSearching />
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="subdomain" disableSort />
        <DataTable.Col source="createdAt" label="Created" disableSort field={IsoDateField} />
        <DataTable.Col label="Actions" disableSort>
          <ProviderActions />
        </DataTable.Col>
      </DataTable>
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

function ProviderActions() {
  const provider = useRecordContext<ProviderRecord>();
  const basename = useBasename();
  const { canAccess: canImpersonate } = useCanAccess({ resource: 'providers', action: 'impersonate' });
  const { canAccess: canSeeCredits } = useCanAccess({ resource: 'providers', action: 'credits' });
  const { run, isPending } = useVerb();
  if (!provider) return null;

  async function impersonate() {
    let destination = '';
    const outcome = await run(async (dataProvider) => {
      destination = (await dataProvider.impersonate(provider!.id)).redirectTo;
    });
    // A new session: the next page is a full load, which carries its CSRF token and the provider's role.
    if (outcome.ok) window.location.assign(destination);
  }

  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
      <TextButton
        to={`${basename}/providers/${provider.id}/users`}
        state={{ providerName: provider.name }}
        label="Users"
        aria-label={`Users of ${provider.name}`}
      />
      <TextButton
        to={`${basename}/whitelabeled_domains?${new URLSearchParams({
          filter: JSON.stringify({ providerId: provider.id }),
        })}`}
        label="Domain"
        aria-label={`White-label domain of ${provider.name}`}
      />
      {canSeeCredits && (
        <TextButton
          to={`${basename}/providers/${provider.id}/credits`}
          state={{ providerName: provider.name }}
          label="Credits"
          aria-label={`Credits of ${provider.name}`}
        />
      )}
      {canImpersonate && (
        <TextButton
          label="Impersonate"
          aria-label={`Impersonate ${provider.name}`}
          variant="contained"
          disabled={isPending}
          onClick={impersonate}
        />
      )}
    </span>
  );
}
