import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Pager } from '../../../../shared/Pager';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../../shared/useDebouncedValue';
import { stagingEditorPath } from '../../staging/paths';
import { useAssetsQuery } from '../../staging/queries';
import { useCreateDigitalTwinMutation } from '../queries';

const PAGE_SIZE = 24;
const metres = (value: number) => value.toFixed(1);

/**
 * Without a twin: the staging library's models (the platform's and the provider's own, the staging editor's list),
 * a page at a time, each with "Use this model".
 */
export function ModelChooser({ propertyId }: { propertyId: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const assets = useAssetsQuery({ propertyId, page, pageSize: PAGE_SIZE, search: settled, category: '' });
  const creation = useCreateDigitalTwinMutation();
  const [choosing, setChoosing] = useState<string | null>(null);
  const searchId = useId();

  return (
    <section className="card twin-panel" aria-labelledby="twin-choose-title">
      <h2 id="twin-choose-title">Choose the model</h2>
      <p>
        A digital twin is a 3D model of the property’s exterior or surroundings shown around its scan. Choose
        it from your staging library, then align it with the scan.
      </p>
      <label htmlFor={searchId} className="visually-hidden">
        Search the library
      </label>
      <input
        className="field-input"
        id={searchId}
        type="search"
        placeholder="Search the library"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <ErrorDisplay error={assets.error} />
      <ErrorDisplay error={creation.error} title="The model was not chosen" />
      {assets.data && assets.data.items.length === 0 && (
        <p className="muted">
          {settled ? (
            'No model matches: try another name.'
          ) : (
            <>
              Your library has no models yet: upload a GLB in the{' '}
              <Link to={stagingEditorPath(propertyId)}>staging editor</Link>’s library.
            </>
          )}
        </p>
      )}
      <ul className="twin-models" aria-label="Library models" aria-busy={assets.isFetching}>
        {assets.data?.items.map((asset) => (
          <li key={asset.id} className="twin-model">
            <div>
              <strong>{asset.name}</strong>
              <span className="muted">
                {' '}
                {metres(asset.dimensions.width)} × {metres(asset.dimensions.height)} ×{' '}
                {metres(asset.dimensions.depth)} m{asset.library === 'provider' ? ' · yours' : ''}
              </span>
            </div>
            <button
              type="button"
              className="button button-secondary"
              disabled={creation.isPending}
              onClick={() => {
                setChoosing(asset.id);
                void creation.run(propertyId, asset.id).then(() => setChoosing(null));
              }}
            >
              {choosing === asset.id ? 'Choosing…' : 'Use this model'}
            </button>
          </li>
        ))}
      </ul>
      <Pager label="Library pages" page={page} totalPages={assets.data?.totalPages ?? 1} onPage={setPage} />
    </section>
  );
}
