import { useId } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import type { Contact, ContactValues } from '../api';
import { useClientChoices, useCreateContactMutation, useUpdateContactMutation } from '../queries';
import { ClientOptions, ClientSearch } from './ClientSearch';

const FIELDS = {
  fullName: 'contact.fullName',
  emailAddress: 'contact.emailAddress',
  phoneNumber: 'contact.phoneNumber',
  providerClientId: 'contact.providerClientId',
} as const;

interface ContactFormModalProps {
  /** The contact to edit; none: a new one. */
  contact?: Contact;
  /** A new contact's client, chosen already (the client's page). */
  clientId?: string;
  onSaved(contact: Contact): void;
  onClose(): void;
}

/**
 * A contact's form (002 §3 payload `contact`): the person, how to reach them, the client they work for, and whether
 * they receive the weekly analytics report of the properties they are an agent of.
 */
export function ContactFormModal({ contact, clientId, onSaved, onClose }: ContactFormModalProps) {
  const create = useCreateContactMutation();
  const update = useUpdateContactMutation();
  const formId = useId();
  const weeklyReportHintId = useId();
  const form = useForm<ContactValues, keyof typeof FIELDS, Contact>({
    initial: {
      fullName: contact?.fullName ?? '',
      emailAddress: contact?.emailAddress ?? '',
      phoneNumber: contact?.phoneNumber ?? '',
      providerClientId: contact?.providerClientId ?? clientId ?? '',
      weeklyReport: contact?.weeklyReport ?? false,
    },
    fields: FIELDS,
    submit: (values) => (contact ? update.run(contact.id, values) : create.run(values)),
    onSuccess: onSaved,
  });
  const { isPending } = form;
  const clients = useClientChoices(form.values.providerClientId);

  return (
    <Modal
      title={contact ? `Edit ${contact.fullName}` : 'New contact'}
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Saving…' : contact ? 'Save contact' : 'Create contact'}
          </button>
          <button type="button" className="button button-secondary" disabled={isPending} onClick={onClose}>
            Cancel
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit}>
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert ?? clients.error} />
        </div>
        <TextField
          {...form.field('fullName')}
          label="Full name"
          requiredMark
          autoComplete="name"
          disabled={isPending}
        />
        <TextField
          {...form.field('emailAddress')}
          label="Email"
          requiredMark
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
        <SelectField
          {...form.field('providerClientId')}
          label="Client"
          hint="The agency this person works for."
          disabled={isPending || !clients.ready}
        >
          <option value="">No client</option>
          <ClientOptions choices={clients} />
        </SelectField>
        <ClientSearch choices={clients} disabled={isPending} />
        <label className="check">
          <input
            type="checkbox"
            checked={form.values.weeklyReport}
            disabled={isPending}
            aria-describedby={weeklyReportHintId}
            onChange={(event) => form.set('weeklyReport', event.target.checked)}
          />
          Email this agent a weekly report of their listings
        </label>
        <p id={weeklyReportHintId} className="field-hint">
          Every Monday, last week’s views, visitors and leads of the properties that show them as an agent and
          had views. Each email has a link to stop it.
        </p>
      </form>
    </Modal>
  );
}
