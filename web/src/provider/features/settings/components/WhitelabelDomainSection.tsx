import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { useForm } from '../../../../shared/forms/useForm';
import { TextField } from '../../../../shared/TextField';
import type { DomainStatus, WhitelabelDomain } from '../api';
import { useRequestWhitelabelDomainMutation } from '../queries';

/** The spec's names of the domain states (001 §3): unset offers "Activate"; paused is ours (issue 29). */
const STATUS: Record<DomainStatus, { label: string; badge: string; action: string }> = {
  unset: { label: 'Not set up', badge: 'badge-neutral', action: 'Activate' },
  pending: { label: 'In Progress', badge: 'badge-progress', action: 'Change domain' },
  active: { label: 'Active', badge: 'badge-success', action: 'Change domain' },
  failed: { label: 'Failed', badge: 'badge-danger', action: 'Try again' },
  paused: { label: 'Paused', badge: 'badge-neutral', action: 'Change domain' },
};

interface WhitelabelDomainSectionProps {
  domain: WhitelabelDomain;
  canManage: boolean;
}

/**
 * The provider's own domain for its tours (POST /provider/settings/whitelabel-domain): its state, the reason a
 * setup failed, and the plan's refusal (403) in the server's words, which say what to do.
 */
export function WhitelabelDomainSection({ domain, canManage }: WhitelabelDomainSectionProps) {
  const request = useRequestWhitelabelDomainMutation();
  const form = useForm({
    initial: { subdomain: domain.subdomain ?? '' },
    fields: { subdomain: 'whitelabeledDomain.subdomain' },
    submit: ({ subdomain }) => request.run(subdomain),
  });
  const status = STATUS[domain.status];

  return (
    <section className="card" aria-labelledby="settings-domain">
      <h2 id="settings-domain">White-label domain</h2>
      <p>Show your tours under a domain of your own, such as tours.your-agency.com, without our name.</p>
      <dl className="details">
        <dt>Status</dt>
        <dd>
          <span className={`badge ${status.badge}`}>{status.label}</span>
          {domain.status === 'paused' && <> Your plan does not include a white-label domain.</>}
        </dd>
        {domain.subdomain && (
          <>
            <dt>Domain</dt>
            <dd>{domain.subdomain}</dd>
          </>
        )}
        {domain.requestedAt && (
          <>
            <dt>Requested</dt>
            <dd>{formatDate(domain.requestedAt)}</dd>
          </>
        )}
      </dl>
      {domain.status === 'pending' && (
        <p>
          We are setting up your domain and its certificate. White-label domain setup can take 24-48 hours.
        </p>
      )}
      {domain.status === 'active' && <p>Your tours are served at {domain.subdomain}.</p>}
      {domain.status === 'paused' && (
        <p>
          {domain.subdomain} no longer serves your tours. White-label domains come with the Creator and Pro
          plans: upgrade your plan and it serves them again, with no new setup.
        </p>
      )}
      {domain.status === 'failed' && (
        <div className="alert alert-error">
          <p className="alert-title">The setup failed</p>
          <p>{domain.failureReason ?? 'No reason was given.'}</p>
          <p>Correct the domain below and ask again.</p>
        </div>
      )}
      {canManage && (
        <form noValidate onSubmit={form.handleSubmit}>
          <div ref={form.alertRef} tabIndex={-1}>
            <ErrorDisplay error={form.errors.alert} />
          </div>
          <TextField
            {...form.field('subdomain')}
            label="Domain"
            hint="A domain you control, e.g. tours.your-agency.com."
            name="whitelabel_domain"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <button type="submit" className="button button-primary" disabled={form.isPending}>
            {status.action}
          </button>
        </form>
      )}
    </section>
  );
}
