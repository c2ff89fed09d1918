import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { TextField } from '../../../../shared/TextField';
import type { ProviderSettings } from '../api';
import { useChangeSubdomainMutation } from '../queries';

interface BusinessSectionProps {
  settings: ProviderSettings;
  canManage: boolean;
}

/** The business's name and its subdomain on the platform (POST /provider/subdomains). */
export function BusinessSection({ settings, canManage }: BusinessSectionProps) {
  const [saved, setSaved] = useState(false);
  const change = useChangeSubdomainMutation();
  const form = useForm({
    initial: { subdomain: settings.subdomain ?? '' },
    fields: { subdomain: 'subdomain' },
    submit: ({ subdomain }) => {
      setSaved(false);
      return change.run(subdomain);
    },
    onSuccess: (changed) => {
      form.set('subdomain', changed.subdomain ?? '');
      setSaved(true);
    },
  });

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
        <form noValidate onSubmit={form.handleSubmit}>
          <div ref={form.alertRef} tabIndex={-1}>
            <ErrorDisplay error={form.errors.alert} />
          </div>
          <TextField
            {...form.field('subdomain')}
            label="Subdomain"
            hint="Your business's short name on the platform: lowercase letters, digits and hyphens, e.g. harbour-photography."
            name="subdomain"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => {
              form.set('subdomain', event.target.value);
              setSaved(false);
            }}
          />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={form.isPending}>
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
