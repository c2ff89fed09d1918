import { useRef, useState } from 'react';
import { IMPERSONATION_SECRETS_FORBIDDEN } from '@tourly/contracts';
import { useImpersonating } from '../../../../auth/queries';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { ShownOnce } from '../../../../shared/ShownOnce';
import type { ApiKeySummary, NewApiKey } from '../api';
import { useRegenerateApiKeyMutation } from '../queries';

interface ApiKeySectionProps {
  apiKey: ApiKeySummary | null;
}

/**
 * The provider's API key (POST /provider/settings/regenerate_api_key): only its hint is ever shown again, so a
 * new key is shown once, with a copy button and a warning; replacing a key asks first, as the old one stops
 * working at once. An administrator viewing the account is told the key is the provider's own admins' to make.
 */
export function ApiKeySection({ apiKey }: ApiKeySectionProps) {
  const impersonating = useImpersonating();
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<NewApiKey | null>(null);
  const { run, isPending, error } = useRegenerateApiKeyMutation();
  const openerRef = useRef<HTMLButtonElement>(null);

  async function generate() {
    const outcome = await run();
    setConfirming(false);
    if (outcome.ok) {
      setNewKey(outcome.value);
    } else {
      openerRef.current?.focus();
    }
  }

  return (
    <section className="card" aria-labelledby="settings-api-key">
      <h2 id="settings-api-key">API key</h2>
      <p>
        Your own systems use the key to work with your account, sent in the <code>X-Api-Key</code> header.
        Keep it secret, like a password.
      </p>
      {newKey ? (
        <NewKey created={newKey} onDone={() => setNewKey(null)} />
      ) : (
        <>
          {apiKey ? (
            <dl className="details">
              <dt>Current key</dt>
              <dd>
                <code>{apiKey.hint}</code>
              </dd>
              <dt>Created</dt>
              <dd>{formatDate(apiKey.createdAt)}</dd>
              <dt>Last used</dt>
              <dd>{apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : 'Never'}</dd>
            </dl>
          ) : (
            <p className="muted">There is no API key yet.</p>
          )}
          <ErrorDisplay error={error} />
          {impersonating ? (
            <p className="muted">{IMPERSONATION_SECRETS_FORBIDDEN}</p>
          ) : (
            <div className="actions">
              <button
                ref={openerRef}
                type="button"
                className="button button-secondary"
                disabled={isPending}
                onClick={() => (apiKey ? setConfirming(true) : generate())}
              >
                {apiKey ? 'Regenerate API key' : 'Generate an API key'}
              </button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Regenerate the API key?"
        confirmLabel="Regenerate"
        isPending={isPending}
        onConfirm={generate}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The current key
          {apiKey && (
            <>
              {' '}
              (<code>{apiKey.hint}</code>)
            </>
          )}{' '}
          stops working at once. Anything that uses it needs the new key. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** The new key, this once: selectable, with a copy button, and a warning that it will not be shown again. */
function NewKey({ created, onDone }: { created: NewApiKey; onDone(): void }) {
  return (
    <div className="alert alert-success">
      <p className="alert-title">Your new API key</p>
      <p>
        Copy it now and keep it somewhere safe: it will not be shown again. Only its hint stays visible here.
      </p>
      <ShownOnce
        label="New API key"
        value={created.apiKey}
        noun="key"
        inputClassName="api-key-value"
        onDone={onDone}
      />
    </div>
  );
}
