import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Pager } from '../../../../shared/Pager';
import { TextField } from '../../../../shared/TextField';
import { noModelsNote } from '../../settings/matterport';
import { SETTINGS_PATH } from '../../settings/paths';
import { useAccountPermissionsQuery, useMatterportConnectionQuery } from '../../settings/queries';
import type { MatterportSpace } from '../api';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../../shared/useDebouncedValue';
import { useMatterportSpacesQuery } from '../queries';

const PAGE_SIZE = 6;

interface MatterportSpacesPickerProps {
  onPick(space: MatterportSpace): void;
  onCancel(): void;
}

/**
 * The provider's Matterport account's spaces (GET matterport_spaces.json), searched by name, to fill a property's
 * model. None listed: the connection (GET /provider/matterport_auth/connection) says whether that is because no
 * account is connected or the connection stopped working, and what to do (admins connect in Settings).
 */
export function MatterportSpacesPicker({ onPick, onCancel }: MatterportSpacesPickerProps) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const spaces = useMatterportSpacesQuery({ page, pageSize: PAGE_SIZE, search });
  const connection = useMatterportConnectionQuery();
  const permissions = useAccountPermissionsQuery();
  const headingId = useId();
  const data = spaces.data;
  const none = noModelsNote(connection.data?.status, permissions.data?.role === 'admin');
  const noneListed = data?.items.length === 0;
  const unexplained = noneListed && !search && !spaces.isPlaceholderData;
  // Nothing listed: the connection is asked again, as listing may just have found it broken (Matterport refused to
  // renew the access), and why is told once it has answered (or could not be read).
  const { refetch } = connection;
  useEffect(() => {
    if (unexplained) void refetch();
  }, [unexplained, spaces.dataUpdatedAt, refetch]);
  const why = unexplained && !connection.isFetching && Boolean(connection.data || connection.error);
  const waiting = (!data && !spaces.error) || (noneListed && !search && !why);

  return (
    <section className="spaces-picker" aria-labelledby={headingId}>
      <h3 id={headingId}>Matterport spaces</h3>
      <TextField
        label="Search spaces"
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setPage(1);
        }}
      />
      <ErrorDisplay error={spaces.error} />
      {waiting && (
        <p className="muted" role="status">
          Loading your spaces…
        </p>
      )}
      {noneListed && search && <p className="muted">No spaces match this search.</p>}
      {why && none && (
        <div className="alert alert-info">
          <p>{none.message}</p>
          {'link' in none.action ? (
            <p>
              <Link to={SETTINGS_PATH}>{none.action.link}</Link>
            </p>
          ) : (
            <p>{none.action.ask}</p>
          )}
          <p>You can still type a Matterport link or model id above.</p>
        </div>
      )}
      {why && !none && <p className="muted">Your Matterport account has no spaces.</p>}
      {data && data.items.length > 0 && (
        <ul className="spaces-list" aria-busy={spaces.isFetching || undefined}>
          {data.items.map((space) => (
            <li key={space.id}>
              <button type="button" className="space-option" onClick={() => onPick(space)}>
                {space.thumbnailUrl ? (
                  <img src={space.thumbnailUrl} alt="" loading="lazy" />
                ) : (
                  <span className="space-option-placeholder" aria-hidden="true" />
                )}
                <span>
                  <span className="space-option-name">{space.name}</span>
                  <span className="muted space-option-meta">
                    {[space.address, space.state !== 'active' ? space.state : null]
                      .filter(Boolean)
                      .join(' · ') || space.id}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          label="Matterport spaces pages"
          page={data.currentPage}
          totalPages={data.totalPages}
          disabled={spaces.isFetching}
          onPage={setPage}
        />
      )}
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Type it instead
        </button>
      </div>
    </section>
  );
}
