import { useId, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Pager } from '../../../../shared/Pager';
import { TextField } from '../../../../shared/TextField';
import type { MatterportSpace } from '../api';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../hooks';
import { useMatterportSpacesQuery } from '../queries';

const PAGE_SIZE = 6;

interface MatterportSpacesPickerProps {
  onPick(space: MatterportSpace): void;
  onCancel(): void;
}

/** The Matterport account's spaces (GET matterport_spaces.json), searched by name, to fill a property's model. */
export function MatterportSpacesPicker({ onPick, onCancel }: MatterportSpacesPickerProps) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const spaces = useMatterportSpacesQuery({ page, pageSize: PAGE_SIZE, search });
  const headingId = useId();
  const data = spaces.data;

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
      {!data && !spaces.error && (
        <p className="muted" role="status">
          Loading your spaces…
        </p>
      )}
      {data && data.items.length === 0 && (
        <p className="muted">
          {search ? 'No spaces match this search.' : 'Your Matterport account has no spaces.'}
        </p>
      )}
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
