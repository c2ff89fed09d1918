import { Link } from '@mui/material';
import { useBasename, useGetManyAggregate, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { ProviderRecord } from '../providers/types';

/**
 * The provider a row belongs to, by name, linking to its credits page. Rows carry the provider's id only: the names
 * of a page's providers are looked up together (one `getMany`, see the data provider), and an id not found shows
 * shortened.
 */
export function ProviderField({ source = 'providerId' }: { source?: string }) {
  const record = useRecordContext();
  const basename = useBasename();
  const id = typeof record?.[source] === 'string' ? (record[source] as string) : undefined;
  const { data, isPending } = useGetManyAggregate<ProviderRecord>(
    'providers',
    { ids: id ? [id] : [] },
    { enabled: id !== undefined },
  );
  if (!id) return null;
  const name = data?.find((provider) => provider.id === id)?.name;
  return (
    <Link
      component={RouterLink}
      to={`${basename}/providers/${id}/credits`}
      state={{ providerName: name }}
      title={name ? undefined : id}
      onClick={(event) => event.stopPropagation()}
    >
      {name ?? (isPending ? '…' : `Provider ${id.slice(0, 8)}…`)}
    </Link>
  );
}
