import { Link } from '@mui/material';
import { useBasename, useGetManyAggregate, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { providerPagePath } from '../providers/tabs';
import type { ProviderRecord } from '../providers/types';

/**
 * The provider a row belongs to, by name, linking to its page's Credits tab. Rows carry the provider's id only: the
 * names of a page's providers are read together (react-admin's `getMany`: each GET /admin/providers/{id}), and an id
 * not found shows shortened.
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
      to={providerPagePath(basename, id, 'credits')}
      title={name ? undefined : id}
      onClick={(event) => event.stopPropagation()}
    >
      {name ?? (isPending ? '…' : `Provider ${id.slice(0, 8)}…`)}
    </Link>
  );
}
