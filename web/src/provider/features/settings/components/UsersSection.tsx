import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import { useUsersQuery } from '../queries';
import { roleLabel } from './labels';

const PAGE_SIZE = 10;

/** The provider's users (GET /provider/settings/users), a page at a time. */
export function UsersSection() {
  const [page, setPage] = useState(1);
  const users = useUsersQuery(page, PAGE_SIZE);
  const data = users.data;

  return (
    <section className="card" aria-labelledby="settings-users">
      <h2 id="settings-users">Users</h2>
      <ErrorDisplay error={users.error} />
      {!data && !users.error && <Loading />}
      {data && (
        <>
          <p className="muted">
            {data.totalCount} {data.totalCount === 1 ? 'person has' : 'people have'} access to this account.
          </p>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((user) => (
                <tr key={user.id}>
                  <td data-label="Name">{`${user.firstName} ${user.lastName}`.trim() || '—'}</td>
                  <td data-label="Email">{user.email}</td>
                  <td data-label="Role">{roleLabel(user.role)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Users pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={users.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
