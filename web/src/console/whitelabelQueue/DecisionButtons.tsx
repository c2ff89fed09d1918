import { useState } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import { useForm } from '../../shared/forms/useForm';
import { TextField } from '../../shared/TextField';
import type { DomainRecord } from '../shared/DomainStatusField';
import { TextButton } from '../shared/TextButton';
import { refusalOf, useVerb } from '../shared/useVerb';

/**
 * A virtual assistant's verdict on a domain (PATCH /virtual_assistant/whitelabeled-domains/{id}): active once
 * DNS and the certificate work, or failed with a reason the provider reads on their settings page.
 */
export function DecisionButtons() {
  const domain = useRecordContext<DomainRecord>();
  const { canAccess } = useCanAccess({ resource: 'whitelabeled-domains', action: 'decide' });
  const { run, isPending } = useVerb();
  const [failing, setFailing] = useState(false);
  const form = useForm({
    initial: { reason: '' },
    fields: { reason: 'whitelabeledDomain.failureReason' },
    submit: async ({ reason }) => {
      if (reason.trim() === '') {
        form.refuse('reason', 'Tell the provider what went wrong, so they can correct it.');
        return undefined;
      }
      const outcome = await run(
        (dataProvider) =>
          dataProvider.decideWhitelabeledDomain(domain!.id, {
            status: 'failed',
            failureReason: reason.trim(),
          }),
        `${domain!.subdomain} is marked failed.`,
      );
      return outcome.ok ? { ok: true, value: undefined } : { ok: false, error: refusalOf(outcome.error) };
    },
    onSuccess: () => setFailing(false),
  });
  if (!domain || !canAccess) return null;

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
            form.setValues({ reason: '' });
            form.clearFailure();
            setFailing(true);
          }}
        />
      )}
      <Confirm
        isOpen={failing}
        loading={isPending || form.isPending}
        title={`Mark ${domain.subdomain} failed`}
        confirm="Mark failed"
        confirmColor="warning"
        content={
          <form noValidate onSubmit={form.handleSubmit} style={{ minWidth: 'min(24rem, 70vw)' }}>
            <TextField
              {...form.field('reason')}
              label="Reason"
              hint={`${domain.provider.name} sees it on their settings page.`}
              name="failure_reason"
              maxLength={500}
            />
          </form>
        }
        onConfirm={() => void form.submit()}
        onClose={() => setFailing(false)}
      />
    </span>
  );
}
