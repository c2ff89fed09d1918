import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { CURRENCIES, type Currency } from '@tourly/contracts';
import { countries } from '../../../../shared/countries';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { SelectField } from '../../../../shared/SelectField';
import { MESSAGES } from '../../../../shared/strings';
import { TextField } from '../../../../shared/TextField';
import type { BillingAccount, BillingAccountForm } from '../api';
import { useSaveBillingAccountMutation } from '../queries';

type Field = 'name' | 'email' | 'address' | 'country' | 'currency';
const REQUIRED: readonly Field[] = ['name', 'email', 'address', 'country'];
const LABELS: Record<Field, string> = {
  name: 'Name',
  email: 'Email',
  address: 'Address',
  country: 'Country',
  currency: 'Currency',
};

interface BillingInformationProps {
  /** The account as saved: saving updates it (billing's `queries.ts`), wherever it is shown. */
  account: BillingAccount;
  /**
   * In the upgrade modal the section collapses once complete (name, email, address and country saved), showing a
   * check and an Edit button (000 §2); on the billing page it stays open.
   */
  collapsible?: boolean;
  /** The messages the form shows now ('Email - is not a valid email address'), for a form-error summary. */
  onMessages?(messages: string[]): void;
  headingLevel?: 'h2' | 'h3';
}

/** Whether the account has everything a plan change needs (000 §2: complete when the four are filled). */
export function isComplete(account: BillingAccount): boolean {
  return account.complete && REQUIRED.every((field) => account[field].trim() !== '');
}

/**
 * The billing information (PUT /provider/billing/account): Name*, Email*, Address*, Country* and the currency
 * plans are billed in. Empty fields say 'Required' once left or on saving (000 §5); the server's messages go under
 * their fields in its words.
 */
export function BillingInformation({
  account,
  collapsible = false,
  onMessages,
  headingLevel = 'h3',
}: BillingInformationProps) {
  const [editing, setEditing] = useState(!collapsible || !isComplete(account));
  // true: left or submitted (an empty field says 'Required'); 'changed': edited since the server answered.
  const [touched, setTouched] = useState<Partial<Record<Field, true | 'changed'>>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveBillingAccountMutation();
  const form = useForm({
    initial: () => formOf(account),
    fields: LABELS_AS_SERVER_NAMES,
    submit: async (values) => {
      setTouched({ name: true, email: true, address: true, country: true, currency: true });
      const missing = REQUIRED.find((field) => values[field].trim() === '');
      if (missing) {
        form.focus(missing);
        return undefined;
      }
      const outcome = await save.run({ ...values, country: values.country.toUpperCase() });
      if (!outcome.ok) setTouched({});
      return outcome;
    },
    onSuccess: (account) => {
      form.setValues(formOf(account));
      setTouched({});
      setSaved(true);
      if (collapsible && isComplete(account)) setEditing(false);
    },
  });
  const { values, isPending } = form;
  const server = form.errors;
  const headingId = useId();
  const Heading = headingLevel;

  const messages: Partial<Record<Field, string[]>> = {};
  for (const field of Object.keys(LABELS) as Field[]) {
    const own: string[] =
      touched[field] && REQUIRED.includes(field) && values[field].trim() === '' ? [MESSAGES.required] : [];
    // A server message stands until the field is changed again.
    const fromServer = touched[field] === 'changed' ? [] : (server.fields[field] ?? []);
    const all = [...own, ...fromServer.filter((message) => !own.includes(message))];
    if (all.length > 0) messages[field] = all;
  }

  const summary = editing
    ? (Object.entries(messages) as Array<[Field, string[]]>).flatMap(([field, list]) =>
        list.map((message) => `${LABELS[field]} - ${message}`),
      )
    : [];
  const summaryKey = summary.join('\n');
  useEffect(() => {
    onMessages?.(summaryKey ? summaryKey.split('\n') : []);
  }, [summaryKey]);

  /** What each field takes: its value, its changes, its leaving, its messages. */
  const bind = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => change(field, event.target.value),
    onBlur: () => touch(field),
    messages: messages[field],
    ref: form.ref(field),
  });

  function change(field: Field, value: string) {
    form.set(field, value);
    setSaved(false);
    if (touched[field] !== undefined || server.fields[field]) {
      setTouched((current) => ({ ...current, [field]: 'changed' as const }));
    }
  }

  const countryName =
    countries().find((country) => country.code === account.country)?.name ?? account.country;
  return (
    <section className="billing-information" aria-labelledby={headingId}>
      <Heading id={headingId}>Billing information</Heading>
      {!editing ? (
        <div className="billing-information-done">
          <p className="billing-information-check">
            <span aria-hidden="true">✓ </span>Billing information complete
          </p>
          <p className="muted">
            {[account.name, account.email, account.address, countryName].join(' · ')} · billed in{' '}
            {account.currency.toUpperCase()}
          </p>
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            Edit billing information
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit}>
          <div ref={form.alertRef} tabIndex={-1}>
            <ErrorDisplay error={server.alert} />
          </div>
          <TextField {...bind('name')} label="Name" requiredMark autoComplete="organization" />
          <TextField
            {...bind('email')}
            label="Email"
            requiredMark
            type="email"
            autoComplete="email"
            hint="Invoices and payment receipts go here."
          />
          <TextField {...bind('address')} label="Address" requiredMark autoComplete="street-address" />
          <SelectField {...bind('country')} label="Country" requiredMark autoComplete="country">
            <option value="">Choose a country</option>
            {countries().map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            {...bind('currency')}
            label="Currency"
            hint="Plans are billed in this currency. It cannot change while a paid plan runs."
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency.toUpperCase()}
              </option>
            ))}
          </SelectField>
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={isPending}>
              Save billing information
            </button>
            {collapsible && isComplete(account) && (
              <button
                type="button"
                className="button button-secondary"
                disabled={isPending}
                onClick={() => {
                  form.setValues(formOf(account));
                  setTouched({});
                  setEditing(false);
                }}
              >
                Cancel
              </button>
            )}
            <p role="status" className="muted">
              {saved ? 'Billing information saved.' : ''}
            </p>
          </div>
        </form>
      )}
    </section>
  );

  function touch(field: Field) {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }
}

/** The form's fields are named as the server names them. */
const LABELS_AS_SERVER_NAMES: Record<Field, string> = {
  name: 'name',
  email: 'email',
  address: 'address',
  country: 'country',
  currency: 'currency',
};

function formOf(account: BillingAccount): BillingAccountForm {
  return {
    name: account.name,
    email: account.email,
    address: account.address,
    country: account.country,
    currency: account.currency as Currency,
  };
}
