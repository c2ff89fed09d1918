import { DataTable, List, useBasename, useCanAccess, useRecordContext } from 'react-admin';
import { useLocation, useParams } from 'react-router';
import { TextButton } from '../shared/TextButton';
import { useVerb } from '../shared/useVerb';
import type { ProviderUserRecord } from './types';

/**
 * A provider's users (GET /admin/providers/{id}/users.json), each of whom can be given this provider as the
 * one their next sign-in starts in (POST /admin/users/{id}/change_primary_provider).
 */
export function ProviderUsers() {
  const { id = '' } = useParams();
  const providerName = (useLocation().state as { providerName?: string } | null)?.providerName;
  const basename = useBasename();
  const name = providerName ?? 'the provider';
  return (
    <List
      resource="provider_users"
      filter={{ providerId: id }}
      disableSyncWithLocation
      storeKey={false}
      title={`Users of ${name}`}
      actions={<TextButton to={`${basename}/providers`} label="Back to providers" />}
      exporter={false}
      perPage={25}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col
          label="Name"
          disableSort
          render={(user: ProviderUserRecord) => `${user.firstName} ${user.lastName}`}
        />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="role" disableSort />
        <DataTable.Col label="Primary provider" disableSort>
          <MakePrimaryButton providerId={id} providerName={name} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function MakePrimaryButton({ providerId, providerName }: { providerId: string; providerName: string }) {
  const user = useRecordContext<ProviderUserRecord>();
  const { canAccess } = useCanAccess({ resource: 'provider_users', action: 'change_primary_provider' });
  const { run, isPending } = useVerb();
  if (!user || !canAccess) return null;
  return (
    <TextButton
      label="Make primary provider"
      aria-label={`Make primary provider: ${providerName} for ${user.email}`}
      disabled={isPending}
      onClick={() =>
        run(
          (dataProvider) => dataProvider.changePrimaryProvider(user.id, providerId),
          `${user.email} will start in ${providerName} at their next sign-in.`,
        )
      }
    />
  );
}
