import { useState, type FormEvent } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import { TextField } from '../../shared/TextField';
import type { DomainRecord } from '../shared/DomainStatusField';
import { TextButton } from '../shared/TextButton';
import { fieldError, useVerb } from '../shared/useVerb';

/**
 * A virtual assistant's verdict on a domain (PATCH /virtual_assistant/whitelabeled-domains/{id}): active once
 * DNS and the certificate work, or failed with a reason the provider reads on their settings page.
 */
export function DecisionButtons() {
  const domain = useRecordContext<DomainRecord>();
  const { canAccess } = useCanAccess({ resource: 'whitelabeled-domains', action: 'decide' });
  const { run, isPending } = useVerb();
  const [failing, setFailing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  if (!domain || !canAccess) return null;

  async function markFailed(event?: FormEvent) {
    event?.preventDefault();
    if (reason.trim() === '') {
      setReasonError('Tell the provider what went wrong, so they can correct it.');
      return;
    }
    const outcome = await run(
      (dataProvider) =>
        dataProvider.decideWhitelabeledDomain(domain!.id, { status: 'failed', failureReason: reason.trim() }),
      `${domain!.subdomain} is marked failed.`,
    );
    if (outcome.ok) setFailing(false);
    else setReasonError(fieldError(outcome.error, 'whitelabeledDomain.failureReason') ?? null);
  }

  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
      {domain.status !== 'active' && (
        <TextButton
          label="Mark active"
          aria-label={`Mark ${domain.subdomain} active`}
          variant="contained"
          disabled={isPending}
          onClick={() =>
            run(
              (dataProvider) => dataProvider.decideWhitelabeledDomain(domain.id, { status: 'active' }),
              `${domain.subdomain} is active.`,
            )
          }
        />
      )}
      {domain.status !== 'failed' && (
        <TextButton
          label="Mark failed"
          aria-label={`Mark ${domain.subdomain} failed`}
          disabled={isPending}
          onClick={() => {
            setReason('');
            setReasonError(null);
            setFailing(true);
          }}
        />
      )}
      <Confirm
        isOpen={failing}
        loading={isPending}
        title={`Mark ${domain.subdomain} failed`}
        confirm="Mark failed"
        confirmColor="warning"
        content={
          <form noValidate onSubmit={markFailed} style={{ minWidth: 'min(24rem, 70vw)' }}>
            <TextField
              label="Reason"
              hint={`${domain.provider.name} sees it on their settings page.`}
              name="failure_reason"
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              messages={reasonError ? [reasonError] : undefined}
            />
          </form>
        }
        onConfirm={() => markFailed()}
        onClose={() => setFailing(false)}
      />
    </span>
  );
}
