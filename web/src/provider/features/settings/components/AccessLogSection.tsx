import { useState } from 'react';
import { adminChangeSummary } from '../../../../shared/adminChanges';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDateTime, formatDuration, formatTime } from '../../../../shared/format';
import { Loading } from '../../../../shared/Loading';
import { Pager } from '../../../../shared/Pager';
import type { AccessLogEntry } from '../api';
import { useAccessLogQuery } from '../queries';
import { grantLabel } from './labels';

const PAGE_SIZE = 20;

const KINDS: Record<AccessLogEntry['kind'], string> = {
  sign_in: 'Sign-in',
  impersonation: 'Impersonation',
  api_key: 'API key used',
  oauth_token: 'OAuth token issued',
  admin_change: 'Changed by an administrator',
};

/**
 * Who got into the account and how (GET /provider/settings/access_log), newest first: sign-ins, administrators
 * acting as a user (and for how long), the hours the API key was used, OAuth tokens issued, and what
 * administrators changed on the account's records (before and after).
 */
export function AccessLogSection() {
  const [page, setPage] = useState(1);
  const log = useAccessLogQuery(page, PAGE_SIZE);
  const data = log.data;

  return (
    <section className="card" aria-labelledby="settings-access-log">
      <h2 id="settings-access-log">Access log</h2>
      <ErrorDisplay error={log.error} />
      {!data && !log.error && <Loading />}
      {data && data.items.length === 0 && <p className="muted">Nobody has used the account yet.</p>}
      {data && data.items.length > 0 && (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Who</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry, index) => (
                <tr key={`${entry.kind}-${entry.at}-${index}`}>
                  <td data-label="When">{formatDateTime(entry.at)}</td>
                  <td data-label="What">{KINDS[entry.kind] ?? entry.kind}</td>
                  <td data-label="Who">
                    {entry.admin ? `${entry.admin.email}, as ${entry.user.email}` : entry.user.email}
                  </td>
                  <td data-label="Details">{details(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Access log pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={log.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

function details(entry: AccessLogEntry): string {
  switch (entry.kind) {
    case 'sign_in':
      return '—';
    case 'impersonation':
      return entry.durationSeconds === null
        ? 'Still going on'
        : `Lasted ${formatDuration(entry.durationSeconds)}`;
    case 'api_key': {
      const hours = entry.endedAt
        ? `${formatTime(entry.at)}–${formatTime(entry.endedAt)}`
        : formatTime(entry.at);
      return `Key ${entry.detail ?? ''}, used ${hours}`;
    }
    case 'oauth_token':
      return `Grant: ${grantLabel(entry.detail)}`;
    case 'admin_change':
      return adminChangeSummary(entry);
    default:
      return entry.detail ?? '—';
  }
}
