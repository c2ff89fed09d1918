import { useState, type FormEvent } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { TextField } from '../../shared/TextField';
import type { DomainRecord } from '../shared/DomainStatusField';
import { TextButton } from '../shared/TextButton';

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
  const [subdomain, setSubdomain] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [isPending, setIsPending] = useState(false);
  if (!record) return null;

  async function save(event?: FormEvent) {
    event?.preventDefault();
    setIsPending(true);
    setError(null);
    try {
      await dataProvider.update('whitelabeled_domains', {
        id: record!.id,
        data: { whitelabeledDomain: { subdomain } },
        previousData: record!,
      });
      setOpen(false);
      notify(`${subdomain.trim().toLowerCase()} is back in the set-up queue.`, { type: 'success' });
      refresh();
    } catch (failure) {
      setError(failure);
    } finally {
      setIsPending(false);
    }
  }

  // The data provider turns failures into HttpErrors whose body keeps the field messages.
  const body = (error as { body?: { errors?: Record<string, unknown> } } | null)?.body;
  const fieldMessage = body?.errors?.['whitelabeledDomain.subdomain'];
  const alert = error && typeof fieldMessage !== 'string' ? (error as Error).message : null;

  return (
    <>
      <TextButton
        label="Edit domain"
        aria-label={`Edit domain of ${record.provider.name}`}
        onClick={() => {
          setSubdomain(record.subdomain);
          setError(null);
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Domain of ${record.provider.name}`}
        confirm="Save"
        content={
          <form noValidate onSubmit={save} style={{ minWidth: 'min(24rem, 70vw)' }}>
            <p>Saving sends the domain back to the virtual assistants to set up.</p>
            <ErrorDisplay error={alert} />
            <TextField
              label="Domain"
              name="subdomain"
              autoCapitalize="none"
              spellCheck={false}
              value={subdomain}
              onChange={(event) => setSubdomain(event.target.value)}
              messages={typeof fieldMessage === 'string' ? [fieldMessage] : undefined}
            />
          </form>
        }
        onConfirm={() => save()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
