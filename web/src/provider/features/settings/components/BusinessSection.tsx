import { useRef, useState, type FormEvent } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure } from '../../../../shared/formErrors';
import { TextField } from '../../../../shared/TextField';
import type { ProviderSettings } from '../api';
import { useChangeSubdomainMutation } from '../queries';

interface BusinessSectionProps {
  settings: ProviderSettings;
  canManage: boolean;
}

/** The business's name and its subdomain on the platform (POST /provider/subdomains). */
export function BusinessSection({ settings, canManage }: BusinessSectionProps) {
  const [subdomain, setSubdomain] = useState(settings.subdomain ?? '');
  const [saved, setSaved] = useState(false);
  const { run, isPending, error } = useChangeSubdomainMutation();
  const errors = formErrors(error, { subdomain: 'subdomain' });
  const subdomainRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useFocusOnFailure(error, errors, [['subdomain', subdomainRef]], alertRef);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const outcome = await run(subdomain);
    if (outcome.ok) {
      setSubdomain(outcome.value.subdomain ?? '');
      setSaved(true);
    }
  }

  return (
    <section className="card" aria-labelledby="settings-business">
      <h2 id="settings-business">Business</h2>
      <dl className="details">
        <dt>Business name</dt>
        <dd>{settings.name}</dd>
        {!canManage && (
          <>
            <dt>Subdomain</dt>
            <dd>{settings.subdomain ?? 'Not set'}</dd>
          </>
        )}
      </dl>
      {canManage && (
        <form noValidate onSubmit={handleSubmit}>
          <div ref={alertRef} tabIndex={-1}>
            <ErrorDisplay error={errors.alert} />
          </div>
          <TextField
            ref={subdomainRef}
            label="Subdomain"
            hint="Your business's short name on the platform: lowercase letters, digits and hyphens, e.g. harbour-photography."
            name="subdomain"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={subdomain}
            onChange={(event) => {
              setSubdomain(event.target.value);
              setSaved(false);
            }}
            messages={errors.fields.subdomain}
          />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={isPending}>
              Save subdomain
            </button>
            <p role="status" className="muted">
              {saved ? 'Subdomain saved.' : ''}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
