import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { useForm } from '../../shared/forms/useForm';
import { TextField } from '../../shared/TextField';
import type { DomainRecord } from '../shared/DomainStatusField';
import { TextButton } from '../shared/TextButton';
import { refusalOf } from '../shared/useVerb';

/**
 * Corrects a provider's white-label domain (PUT /admin/whitelabeled_domains/{id}, `whitelabeled_domain.subdomain`),
 * which sends it back to set-up. A dialog on the list: the platform has no single-domain endpoint to edit from.
 */
export function EditDomainButton() {
  const record = useRecordContext<DomainRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const form = useForm({
    initial: { subdomain: '' },
    fields: { subdomain: 'whitelabeledDomain.subdomain' },
    submit: async ({ subdomain }) => {
      try {
        await dataProvider.update('whitelabeled_domains', {
          id: record!.id,
          data: { whitelabeledDomain: { subdomain } },
          previousData: record!,
        });
        return { ok: true, value: subdomain };
      } catch (failure) {
        return { ok: false, error: refusalOf(failure) };
      }
    },
    onSuccess: (subdomain) => {
      setOpen(false);
      notify(`${subdomain.trim().toLowerCase()} is back in the set-up queue.`, { type: 'success' });
      refresh();
    },
  });
  if (!record) return null;

  return (
    <>
      <TextButton
        label="Edit domain"
        aria-label={`Edit domain of ${record.provider.name}`}
        onClick={() => {
          form.setValues({ subdomain: record.subdomain });
          form.clearFailure();
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        loading={form.isPending}
        title={`Domain of ${record.provider.name}`}
        confirm="Save"
        content={
          <form noValidate onSubmit={form.handleSubmit} style={{ minWidth: 'min(24rem, 70vw)' }}>
            <p>Saving sends the domain back to the virtual assistants to set up.</p>
            <div ref={form.alertRef} tabIndex={-1}>
              <ErrorDisplay error={form.errors.alert} />
            </div>
            <TextField
              {...form.field('subdomain')}
              label="Domain"
              name="subdomain"
              autoCapitalize="none"
              spellCheck={false}
            />
          </form>
        }
        onConfirm={() => void form.submit()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
