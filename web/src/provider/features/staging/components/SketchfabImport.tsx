import { useId, useState, type FormEvent } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { fetchSketchfabAuthUrl, type StagingAsset } from '../api';
import { useImportSketchfabMutation, useSketchfabAccountQuery, useSketchfabModelQuery } from '../queries';
import { SketchfabError, sketchfabUid } from '../sketchfab';

/**
 * Sketchfab imports: connect the provider's account (Sketchfab's page, back to this editor), then a model's link or
 * uid -> its details and licence -> imported into the provider's library, credited. Refusals in the server's words.
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
  const fieldId = useId();

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

  async function runImport() {
    if (!model.data) return;
    const outcome = await importing.run(model.data.uid);
    if (!outcome.ok) return;
    setImported(`“${outcome.value.name}” is in your library: click the floor where it goes.`);
    onImported(outcome.value);
  }

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
                  onClick={() => void runImport()}
                >
                  {model.data.assetId ? 'Use it from my library' : 'Import into my library'}
                </button>
              )}
              {importing.isPending && <p role="status">Importing from Sketchfab…</p>}
            </div>
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
        </>
      )}
    </section>
  );
}
