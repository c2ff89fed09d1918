import { useId } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import { ClientOptions, ClientSearch } from '../../clients/components/ClientSearch';
import { useClientChoices } from '../../clients/queries';
import type { CustomerValues, HostingCustomer } from '../api';
import { useCreateCustomerMutation } from '../queries';

const FIELDS = { clientId: 'clientId', name: 'name', email: 'email' } as const;

interface CustomerFormModalProps {
  onSaved(customer: HostingCustomer): void;
  onClose(): void;
}

/**
 * A new hosting-fee customer (POST /provider/hosting_fees/customers): one of the provider's clients, whose name and
 * email fill the fields, or anyone by name and email (the address on its invoices).
 */
export function CustomerFormModal({ onSaved, onClose }: CustomerFormModalProps) {
  const create = useCreateCustomerMutation();
  const formId = useId();
  const form = useForm<CustomerValues, keyof typeof FIELDS, HostingCustomer>({
    initial: { clientId: '', name: '', email: '' },
    fields: FIELDS,
    submit: (values) => create.run(values),
    onSuccess: onSaved,
  });
  const { isPending } = form;
  const clients = useClientChoices(form.values.clientId);

  function pickClient(clientId: string) {
    const client = clients.items.find((item) => item.id === clientId);
    form.setValues((current) => ({
      clientId,
      name: client ? client.name : current.name,
      email: client ? (client.emailAddress ?? '') : current.email,
    }));
  }

  return (
    <Modal
      title="New customer"
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Adding…' : 'Add customer'}
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
        <ErrorDisplay error={clients.error} />
        <SelectField
          {...form.field('clientId')}
          onChange={(event) => pickClient(event.target.value)}
          label="Client"
          hint={
            clients.none
              ? 'No clients yet: type the name and email below.'
              : 'One of your clients, or none to type a name and email.'
          }
          disabled={isPending || !clients.ready}
        >
          <option value="">None: type them below</option>
          <ClientOptions choices={clients} />
        </SelectField>
        <ClientSearch choices={clients} disabled={isPending} />
        <TextField
          {...form.field('name')}
          label="Name"
          requiredMark
          autoComplete="off"
          disabled={isPending}
        />
        <TextField
          {...form.field('email')}
          label="Email"
          hint="The address on its invoices."
          type="email"
          requiredMark
          autoComplete="off"
          disabled={isPending}
        />
      </form>
    </Modal>
  );
}
