import { DataTable, useCanAccess, useRecordContext } from 'react-admin';
import { oneLine } from '../shared/cells';
import { NoRows } from '../shared/NoRows';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { TextButton } from '../shared/TextButton';
import { useVerb } from '../shared/useVerb';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord, ProviderUserRecord } from './types';

const ROLES: Record<ProviderUserRecord['role'], string> = {
  admin: 'Admin',
  scan_technician: 'Scan technician',
  member: 'Member',
  client_user: 'Client user',
};

/**
 * The provider's users (GET /admin/providers/{id}/users.json): their role, whether their sign-in starts in this
 * provider, and "Make primary provider" (POST /admin/users/{id}/change_primary_provider).
 */
export function ProviderUsers({ provider }: { provider: ProviderRecord }) {
  const isPhone = useIsPhone();
  return (
    <ProviderRecordList resource="provider_users" provider={provider}>
      {isPhone ? (
        <RowBlocks<ProviderUserRecord>
          label="Users"
          title={(user) => `${user.firstName} ${user.lastName}`}
          details={[
            { label: 'Email', value: (user) => user.email },
            { label: 'Role', value: (user) => ROLES[user.role] ?? user.role },
            { label: 'Starts here', value: (user) => (user.isPrimaryProvider ? 'Yes' : 'No') },
          ]}
          actions={<MakePrimaryButton provider={provider} />}
          empty={<NoUsers />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoUsers />}>
          <DataTable.Col
            label="Name"
            disableSort
            render={(user: ProviderUserRecord) => `${user.firstName} ${user.lastName}`}
          />
          <DataTable.Col source="email" disableSort />
          <DataTable.Col
            source="role"
            disableSort
            render={(user: ProviderUserRecord) => ROLES[user.role] ?? user.role}
          />
          <DataTable.Col
            source="isPrimaryProvider"
            label="Starts here"
            disableSort
            render={(user: ProviderUserRecord) => (user.isPrimaryProvider ? 'Yes' : 'No')}
          />
          <DataTable.Col label="Primary provider" disableSort cellSx={oneLine}>
            <MakePrimaryButton provider={provider} />
          </DataTable.Col>
        </DataTable>
      )}
    </ProviderRecordList>
  );
}

const NoUsers = () => <NoRows text="No users." padded />;

/** "Make primary provider": the provider this user's next sign-in starts in ("Starts here" says which it is now). */
function MakePrimaryButton({ provider }: { provider: ProviderRecord }) {
  const user = useRecordContext<ProviderUserRecord>();
  const { canAccess } = useCanAccess({ resource: 'provider_users', action: 'change_primary_provider' });
  const { run, isPending } = useVerb();
  if (!user || !canAccess) return null;
  return (
    <TextButton
      label="Make primary provider"
      aria-label={`Make primary provider: ${provider.name} for ${user.email}`}
      disabled={isPending}
      onClick={() =>
        run(
          (dataProvider) => dataProvider.changePrimaryProvider(user.id, provider.id),
          `${user.email} will start in ${provider.name} at their next sign-in.`,
        )
      }
    />
  );
}
