import { useId } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { TextField } from '../../../../shared/TextField';
import type { Client, ClientValues } from '../api';
import { useCreateClientMutation, useUpdateClientMutation } from '../queries';

const FIELDS = {
  name: 'clientForm.name',
  emailAddress: 'clientForm.emailAddress',
  phoneNumber: 'clientForm.phoneNumber',
  defaultPlayerBrandingLogoUrl: 'clientForm.defaultPlayerBrandingLogoUrl',
} as const;

interface ClientFormModalProps {
  /** The client to edit; none: a new one. */
  client?: Client;
  onSaved(client: Client): void;
  onClose(): void;
}

/** A client's form (002 §3 `clientForm`): its name, how to reach the agency, and the logo its tours show. */
export function ClientFormModal({ client, onSaved, onClose }: ClientFormModalProps) {
  const create = useCreateClientMutation();
  const update = useUpdateClientMutation();
  const formId = useId();
  const form = useForm<ClientValues, keyof typeof FIELDS, Client>({
    initial: {
      name: client?.name ?? '',
      emailAddress: client?.emailAddress ?? '',
      phoneNumber: client?.phoneNumber ?? '',
      defaultPlayerBrandingLogoUrl: client?.defaultPlayerBrandingLogoUrl ?? '',
    },
    fields: FIELDS,
    submit: (values) => (client ? update.run(client.id, values) : create.run(values)),
    onSuccess: onSaved,
  });
  const { isPending } = form;

  return (
    <Modal
      title={client ? `Edit ${client.name}` : 'New client'}
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Saving…' : client ? 'Save client' : 'Create client'}
          </button>
          <button type="button" className="button button-secondary" disabled={isPending} onClick={onClose}>
            Cancel
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit}>
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <TextField
          {...form.field('name')}
          label="Name"
          requiredMark
          autoComplete="organization"
          disabled={isPending}
        />
        <TextField
          {...form.field('emailAddress')}
          label="Email"
          type="email"
          autoComplete="email"
          disabled={isPending}
        />
        <TextField
          {...form.field('phoneNumber')}
          label="Phone number"
          type="tel"
          autoComplete="tel"
          disabled={isPending}
        />
        <TextField
          {...form.field('defaultPlayerBrandingLogoUrl')}
          label="Logo link"
          hint="A link to the agency's logo (https://…): its tours show it as the client's logo."
          type="url"
          autoCapitalize="none"
          disabled={isPending}
        />
      </form>
    </Modal>
  );
}
