import { useId, useState, type FormEvent } from 'react';
import { uploadFailureMessages, formatFileSize } from '../../../../api/upload';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Pager } from '../../../../shared/Pager';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../../shared/useDebouncedValue';
import { useQueryClient } from '@tanstack/react-query';
import { uploadAsset, type AssetCategory, type CreatorStudioProps, type StagingAsset } from '../api';
import { libraryChanged, useAssetsQuery, useDeleteAssetMutation } from '../queries';
import { SketchfabImport } from './SketchfabImport';

/** `creator_studio_props` answers the library's first page of this size: the panel pages by the same. */
const PAGE_SIZE = 24;
/** The library's limit on a model (README "Staging asset library"); the server checks it again. */
const MAX_MODEL_BYTES = 25 * 1024 * 1024;
const TOO_LARGE = 'A 3D model must be at most 25 MB';

/** The side of a library card's picture, in CSS pixels (the thumbnail is a 256 px square). */
const THUMBNAIL_PX = 64;

const metres = (value: number) => `${value.toFixed(1)}`;

/**
 * The asset library: the platform's models and the provider's own, by category and name, a page at a time; the
 * provider's uploads (a GLB, with its progress) and Sketchfab imports. Choosing a model arms it: the next click on
 * the scan's floor places it.
 */
export function LibraryPanel({
  propertyId,
  props,
  chosenId,
  onChoose,
}: {
  propertyId: string;
  props: CreatorStudioProps;
  chosenId: string | null;
  onChoose: (asset: StagingAsset | null) => void;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = { propertyId, page, pageSize: PAGE_SIZE, search: settledSearch, category };
  const opening = page === 1 && settledSearch === '' && category === '';
  const assets = useAssetsQuery(query, opening ? props : undefined);
  const removal = useDeleteAssetMutation();
  const [removing, setRemoving] = useState<StagingAsset | null>(null);
  const searchId = useId();

  return (
    <section className="card staging-panel staging-library" aria-labelledby="staging-library-title">
      <h2 id="staging-library-title">Library</h2>
      <div className="staging-library-filters">
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
        <select
          className="field-input"
          aria-label="Category"
          value={category}
          onChange={(event) => {
            setCategory(event.target.value);
            setPage(1);
          }}
        >
          <option value="">All categories</option>
          {props.categories.map((each: AssetCategory) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
      </div>
      {assets.error ? <ErrorDisplay error={assets.error} /> : null}
      {assets.data && assets.data.items.length === 0 && (
        <p className="muted">
          {settledSearch || category
            ? 'No model matches: try another name or category.'
            : 'The library is empty.'}
        </p>
      )}
      <ul className="staging-assets" aria-label="Library models" aria-busy={assets.isFetching}>
        {assets.data?.items.map((asset) => {
          const chosen = asset.id === chosenId;
          return (
            <li key={asset.id} className={`staging-asset${chosen ? ' is-chosen' : ''}`}>
              <AssetThumbnail asset={asset} />
              <div>
                <strong>{asset.name}</strong>
                <span className="muted">
                  {' '}
                  {asset.category.name} · {metres(asset.dimensions.width)} × {metres(asset.dimensions.depth)}{' '}
                  m{asset.library === 'provider' ? ' · yours' : ''}
                  {asset.credit ? ` · by ${asset.credit.user.name}` : ''}
                </span>
              </div>
              <div className="staging-asset-actions">
                <button
                  type="button"
                  className={`button ${chosen ? 'button-primary' : 'button-secondary'}`}
                  aria-pressed={chosen}
                  aria-label={`Place ${asset.name}`}
                  onClick={() => onChoose(chosen ? null : asset)}
                >
                  {chosen ? 'Click the floor…' : 'Place'}
                </button>
                {asset.library === 'provider' && (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Delete ${asset.name} from the library`}
                    onClick={() => setRemoving(asset)}
                  >
                    Delete
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Pager label="Library pages" page={page} totalPages={assets.data?.totalPages ?? 1} onPage={setPage} />
      <ErrorDisplay error={removal.error} />
      <ConfirmDialog
        open={removing !== null}
        title="Delete this model?"
        confirmLabel="Delete"
        isPending={removal.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const asset = removing!;
          void removal.run(asset.id).then((outcome) => {
            setRemoving(null);
            if (outcome.ok && asset.id === chosenId) onChoose(null);
          });
        }}
      >
        <p>
          “{removing?.name}” leaves your library. A published staging that places it keeps it until you
          publish again; drafts lose it.
        </p>
      </ConfirmDialog>
      <UploadForm categories={props.categories} onUploaded={onChoose} />
      <SketchfabImport propertyId={propertyId} onImported={onChoose} />
    </section>
  );
}

/**
 * The asset's catalogue picture (a 256 px WebP, shown smaller), loaded as it scrolls into view, in a box of fixed size
 * so the list never jumps; an asset made before thumbnails (or whose model could not be drawn) gets a plain tile.
 */
function AssetThumbnail({ asset }: { asset: StagingAsset }) {
  if (!asset.thumbnailUrl) return <span className="staging-asset-thumbnail is-empty" aria-hidden="true" />;
  return (
    <img
      className="staging-asset-thumbnail"
      src={asset.thumbnailUrl}
      alt={asset.name}
      width={THUMBNAIL_PX}
      height={THUMBNAIL_PX}
      loading="lazy"
      decoding="async"
    />
  );
}

/** A GLB of the provider's own: checked here for its size, then by the server (format, triangles) in its words. */
function UploadForm({
  categories,
  onUploaded,
}: {
  categories: AssetCategory[];
  onUploaded: (asset: StagingAsset) => void;
}) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fileId = useId();
  const nameId = useId();
  const categoryFieldId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setDone(null);
    if (file.size > MAX_MODEL_BYTES) {
      setFailure([TOO_LARGE]);
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      const asset = await uploadAsset(file, { name: name.trim(), categoryId }, setProgress);
      await libraryChanged(client);
      setDone(
        `“${asset.name}” is in your library (${formatFileSize(asset.size)}): click the floor where it goes.`,
      );
      setFile(null);
      setName('');
      (event.target as HTMLFormElement).reset();
      onUploaded(asset);
    } catch (error) {
      setFailure(uploadFailureMessages(error));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form
      className="staging-upload"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="staging-upload-title"
    >
      <h3 id="staging-upload-title">Upload a model</h3>
      <p className="muted">A GLB (glTF binary) file, at most 25 MB and 150,000 triangles, in metres.</p>
      <label htmlFor={fileId}>GLB file</label>
      <input
        id={fileId}
        type="file"
        accept=".glb,model/gltf-binary"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          setFile(chosen);
          setFailure(null);
          if (chosen && !name) setName(chosen.name.replace(/\.[^.]+$/, '').slice(0, 120));
        }}
      />
      <label htmlFor={nameId}>Name</label>
      <input
        className="field-input"
        id={nameId}
        value={name}
        maxLength={120}
        onChange={(event) => setName(event.target.value)}
      />
      <label htmlFor={categoryFieldId}>Category</label>
      <select
        className="field-input"
        id={categoryFieldId}
        value={categoryId}
        onChange={(event) => setCategoryId(event.target.value)}
      >
        {categories.map((each) => (
          <option key={each.id} value={each.id}>
            {each.name}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="button button-secondary"
        disabled={!file || progress !== null || !name.trim()}
      >
        Upload
      </button>
      {progress !== null && (
        <progress max={100} value={progress} aria-label="Upload progress">
          {progress}%
        </progress>
      )}
      {failure && <ErrorDisplay error={failure} title="The model was not uploaded" />}
      {done && (
        <p className="alert alert-success" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
