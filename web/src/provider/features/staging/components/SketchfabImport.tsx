import { useId, useState, type FormEvent } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { fetchSketchfabAuthUrl, type StagingAsset } from '../api';
import {
  useImportSketchfabMutation,
  useSketchfabAccountQuery,
  useSketchfabModelQuery,
  useSketchfabSearchQuery,
} from '../queries';
import { SketchfabError, sketchfabUid } from '../sketchfab';
import './sketchfabSearch.css';

/**
 * Sketchfab imports: search Sketchfab's downloadable models (no connection needed), or a model's link or uid -> its
 * details and licence; connected (Sketchfab's page, back to this editor), a model is imported into the provider's
 * library, credited. Refusals in the server's words.
 */
export function SketchfabImport({
  propertyId,
  onImported,
}: {
  propertyId: string;
  onImported: (asset: StagingAsset) => void;
}) {
  const account = useSketchfabAccountQuery();
  const [connecting, setConnecting] = useState<unknown>(null);
  const [text, setText] = useState('');
  const [uid, setUid] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const model = useSketchfabModelQuery(uid);
  const importing = useImportSketchfabMutation();
  const [imported, setImported] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [searched, setSearched] = useState('');
  const results = useSketchfabSearchQuery(searched);
  const [importingUid, setImportingUid] = useState<string | null>(null);
  const fieldId = useId();
  const searchId = useId();
  const connected = account.data?.exists === true;

  async function connect() {
    setConnecting(null);
    try {
      const { url } = await fetchSketchfabAuthUrl(propertyId);
      window.location.assign(url);
    } catch (error) {
      setConnecting(error);
    }
  }

  function lookUp(event: FormEvent) {
    event.preventDefault();
    const found = sketchfabUid(text);
    setUnreadable(found === null);
    setImported(null);
    importing.reset();
    setUid(found);
  }

  function search(event: FormEvent) {
    event.preventDefault();
    setSearched(searchText.trim());
  }

  async function runImport(modelUid: string) {
    setImported(null);
    setImportingUid(modelUid);
    const outcome = await importing.run(modelUid);
    setImportingUid(null);
    if (!outcome.ok) return;
    setImported(`“${outcome.value.name}” is in your library: click the floor where it goes.`);
    onImported(outcome.value);
  }

  const cards = results.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <section className="staging-sketchfab" aria-labelledby="staging-sketchfab-title">
      <h3 id="staging-sketchfab-title">Import from Sketchfab</h3>
      {account.error ? <ErrorDisplay error={account.error} /> : null}
      {account.data && !account.data.exists && (
        <>
          <p className="muted">
            Connect your Sketchfab account to import downloadable models under a licence that allows staging.
          </p>
          <button type="button" className="button button-secondary" onClick={() => void connect()}>
            Connect Sketchfab
          </button>
          <ErrorDisplay error={connecting} />
        </>
      )}
      {account.data?.exists && (
        <>
          <p className="muted">Connected as {account.data.accountName ?? 'your Sketchfab account'}.</p>
          <form className="staging-sketchfab-form" onSubmit={lookUp}>
            <label htmlFor={fieldId}>Sketchfab model link or uid</label>
            <input
              className="field-input"
              id={fieldId}
              value={text}
              placeholder="https://sketchfab.com/3d-models/…"
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="button button-secondary" disabled={!text.trim()}>
              Look up
            </button>
          </form>
          {unreadable && (
            <p className="alert alert-error" role="alert">
              That is not a Sketchfab model’s link or uid (32 hexadecimal digits).
            </p>
          )}
          {model.error ? <ErrorDisplay error={model.error} title="Sketchfab" /> : null}
          {model.data && (
            <div className="staging-sketchfab-model" aria-label="Sketchfab model">
              <p>
                <strong>{model.data.name}</strong> by{' '}
                <a href={model.data.credit.user.profileUrl} target="_blank" rel="noreferrer">
                  {model.data.credit.user.name}
                </a>
                , licence{' '}
                <a href={model.data.credit.license.url} target="_blank" rel="noreferrer">
                  {model.data.credit.license.label}
                </a>
              </p>
              {model.data.refusal ? (
                <p className="alert alert-error" role="alert">
                  {model.data.refusal}
                </p>
              ) : (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={importing.isPending}
                  onClick={() => void runImport(model.data.uid)}
                >
                  {model.data.assetId ? 'Use it from my library' : 'Import into my library'}
                </button>
              )}
              {importing.isPending && <p role="status">Importing from Sketchfab…</p>}
            </div>
          )}
        </>
      )}
      {account.data && (
        <>
          <form className="staging-sketchfab-form" role="search" onSubmit={search}>
            <label htmlFor={searchId}>Search Sketchfab</label>
            <input
              className="field-input"
              id={searchId}
              type="search"
              value={searchText}
              maxLength={100}
              placeholder="sofa, floor lamp, oak table…"
              onChange={(event) => setSearchText(event.target.value)}
            />
            <button type="submit" className="button button-secondary" disabled={!searchText.trim()}>
              Search
            </button>
          </form>
          {results.error ? <ErrorDisplay error={results.error} title="Sketchfab search" /> : null}
          {results.isPending && searched !== '' && <p role="status">Searching Sketchfab…</p>}
          {results.data && cards.length === 0 && (
            <p className="muted">No downloadable model on Sketchfab matches “{searched}”.</p>
          )}
          {cards.length > 0 && (
            <ul className="sketchfab-results" aria-label="Sketchfab results" aria-busy={results.isFetching}>
              {cards.map((card) => (
                <li key={card.uid} className="sketchfab-result">
                  {card.thumbnailUrl ? (
                    <img
                      src={card.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      className="sketchfab-result-thumbnail"
                    />
                  ) : (
                    <span className="sketchfab-result-thumbnail" aria-hidden="true" />
                  )}
                  <div className="sketchfab-result-text">
                    <strong>{card.name}</strong>
                    <span className="muted">
                      by {card.authorName} · {card.licenseLabel}
                    </span>
                    {!card.importable ? (
                      <span className="sketchfab-result-refusal">{card.refusal}</span>
                    ) : connected ? (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Import ${card.name}`}
                        disabled={importing.isPending}
                        onClick={() => void runImport(card.uid)}
                      >
                        {importingUid === card.uid ? 'Importing…' : 'Import'}
                      </button>
                    ) : (
                      <span className="muted">Connect Sketchfab to import it.</span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {results.hasNextPage && (
            <button
              type="button"
              className="button button-secondary"
              disabled={results.isFetchingNextPage}
              onClick={() => void results.fetchNextPage()}
            >
              {results.isFetchingNextPage ? 'Loading…' : 'More results'}
            </button>
          )}
        </>
      )}
      <ErrorDisplay
        error={importing.error instanceof SketchfabError ? importing.error.message : importing.error}
        title="The model was not imported"
      />
      {imported && (
        <p className="alert alert-success" role="status">
          {imported}
        </p>
      )}
    </section>
  );
}
