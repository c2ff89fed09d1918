import { useId, useState } from 'react';
import { HOSTING_LIMITS } from '@tourly/contracts';
import { Link } from 'react-router';
import { centsOf, formatMoney } from '../../../../shared/format';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { SelectField } from '../../../../shared/SelectField';
import { TextAreaField } from '../../../../shared/TextAreaField';
import { TextField } from '../../../../shared/TextField';
import { useBillingAccountQuery } from '../../billing/queries';
import { PropertyPicker, type PickedProperty } from '../../orders/components/PropertyPicker';
import '../../orders/orders.css';
import type { HostingInterval, HostingSubscription } from '../api';
import { MERCHANT_ACCOUNT_PATH } from '../paths';
import {
  useCreateSubscriptionMutation,
  useCustomersQuery,
  useMerchantAccountQuery,
  useTaxRateChoicesQuery,
} from '../queries';
import { taxRateLabel } from '../rules';

const FIELDS = {
  customerId: 'customerId',
  properties: 'propertyIds',
  amount: 'amount',
  taxRateIds: 'taxRateIds',
  description: 'description',
} as const;

interface FormValues {
  customerId: string;
  properties: PickedProperty[];
  interval: HostingInterval;
  amount: string;
  taxRateIds: string[];
  description: string;
}

interface SubscriptionFormModalProps {
  /** The customer the list is filtered by, chosen to begin with. */
  initialCustomerId?: string;
  onSaved(subscription: HostingSubscription): void;
  onClose(): void;
}

/**
 * A new hosting subscription (POST /provider/hosting_fees/subscriptions): the customer, the properties whose tours it
 * keeps online, monthly or yearly, the amount in the provider's billing currency, its tax rates and a description.
 */
export function SubscriptionFormModal({
  initialCustomerId = '',
  onSaved,
  onClose,
}: SubscriptionFormModalProps) {
  const create = useCreateSubscriptionMutation();
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomersQuery({ page: 1, search: customerSearch.trim() });
  const rates = useTaxRateChoicesQuery();
  const account = useBillingAccountQuery();
  const merchant = useMerchantAccountQuery();
  const currency = account.data?.currency ?? merchant.data?.defaultCurrency ?? 'usd';
  const formId = useId();
  const form = useForm<FormValues, keyof typeof FIELDS, HostingSubscription>({
    initial: {
      customerId: initialCustomerId,
      properties: [],
      interval: 'month',
      amount: '',
      taxRateIds: [],
      description: '',
    },
    fields: FIELDS,
    submit: async (values) => {
      if (!values.customerId) {
        form.refuse('customerId', 'Required');
        return undefined;
      }
      if (values.properties.length === 0) {
        form.refuse('properties', 'Choose at least one property');
        return undefined;
      }
      const amount = centsOf(values.amount);
      if (typeof amount !== 'number') {
        form.refuse('amount', 'must be an amount such as 49 or 49.50');
        return undefined;
      }
      // The server counts minor units: its lower bound, said in the currency here.
      if (amount < HOSTING_LIMITS.minAmount) {
        form.refuse('amount', `must be at least ${formatMoney(HOSTING_LIMITS.minAmount, currency)}`);
        return undefined;
      }
      return create.run({
        customerId: values.customerId,
        propertyIds: values.properties.map((property) => property.id),
        interval: values.interval,
        amount,
        currency,
        description: values.description,
        taxRateIds: values.taxRateIds,
      });
    },
    onSuccess: onSaved,
  });
  const { isPending, values, errors } = form;
  const customerList = customers.data?.items ?? [];
  const rateList = rates.data?.items.filter((rate) => rate.active) ?? [];

  function toggleRate(id: string, on: boolean) {
    form.set(
      'taxRateIds',
      on ? [...values.taxRateIds, id] : values.taxRateIds.filter((other) => other !== id),
    );
  }

  return (
    <Modal
      title="New hosting subscription"
      size="large"
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Creating…' : 'Create subscription'}
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
        <ErrorDisplay error={customers.error ?? rates.error} />
        {(customers.data?.totalPages ?? 1) > 1 || customerSearch ? (
          <TextField
            label="Find a customer"
            type="search"
            value={customerSearch}
            disabled={isPending}
            onChange={(event) => setCustomerSearch(event.target.value)}
          />
        ) : null}
        <SelectField
          {...form.field('customerId')}
          label="Customer"
          requiredMark
          hint={
            customers.data?.totalCount === 0 && !customerSearch ? 'Add one under Customers first.' : undefined
          }
          disabled={isPending}
        >
          <option value="">Choose a customer</option>
          {customerList.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.name} ({customer.email})
            </option>
          ))}
        </SelectField>
        <fieldset className="plain-fieldset field">
          <legend className="field-label">Properties*</legend>
          {values.properties.length > 0 && (
            <ul className="chosen-list" aria-label="Chosen properties">
              {values.properties.map((property) => (
                <li key={property.id}>
                  <span>
                    <strong>{property.title}</strong>
                    {property.address && <span className="muted"> · {property.address}</span>}
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Remove ${property.title}`}
                    disabled={isPending}
                    onClick={() =>
                      form.set(
                        'properties',
                        values.properties.filter((other) => other.id !== property.id),
                      )
                    }
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          {values.properties.length < HOSTING_LIMITS.maxProperties && (
            <PropertyPicker
              label={values.properties.length === 0 ? 'Find a property' : 'Add another property'}
              picked={null}
              excludedIds={values.properties.map((property) => property.id)}
              inputRef={form.ref('properties')}
              messages={errors.fields.properties}
              disabled={isPending}
              onPick={(property) => property && form.set('properties', [...values.properties, property])}
            />
          )}
        </fieldset>
        <fieldset className="plain-fieldset field">
          <legend className="field-label">Billed</legend>
          {(['month', 'year'] as const).map((interval) => (
            <label key={interval} className="check">
              <input
                type="radio"
                name="interval"
                checked={values.interval === interval}
                disabled={isPending}
                onChange={() => form.set('interval', interval)}
              />
              {interval === 'month' ? 'Monthly' : 'Yearly'}
            </label>
          ))}
        </fieldset>
        <TextField
          {...form.field('amount')}
          label={`Amount (${currency.toUpperCase()})`}
          hint={`What your client pays each ${values.interval === 'year' ? 'year' : 'month'}, before tax.`}
          requiredMark
          inputMode="decimal"
          disabled={isPending}
        />
        <fieldset className="plain-fieldset field">
          <legend className="field-label">Tax rates</legend>
          {rateList.length === 0 ? (
            <p className="muted">
              {rates.data ? (
                <>
                  No tax rates yet: <Link to={MERCHANT_ACCOUNT_PATH}>add them in Accounts and billing</Link>.
                </>
              ) : (
                'Loading…'
              )}
            </p>
          ) : (
            rateList.map((rate) => (
              <label key={rate.id} className="check">
                <input
                  type="checkbox"
                  ref={rate.id === rateList[0]?.id ? form.ref('taxRateIds') : undefined}
                  checked={values.taxRateIds.includes(rate.id)}
                  disabled={
                    isPending ||
                    (!values.taxRateIds.includes(rate.id) &&
                      values.taxRateIds.length >= HOSTING_LIMITS.maxTaxRates)
                  }
                  onChange={(event) => toggleRate(rate.id, event.target.checked)}
                />
                {taxRateLabel(rate)}
              </label>
            ))
          )}
          {errors.fields.taxRateIds && (
            <p className="field-message">{errors.fields.taxRateIds.join(' & ')}</p>
          )}
        </fieldset>
        <TextAreaField
          {...form.field('description')}
          label="Description"
          hint="On the invoices, e.g. Tour hosting for 12 Harbour St."
          maxLength={200}
          rows={2}
          disabled={isPending}
        />
        <p className="muted">
          Stripe makes the first invoice now and one each {values.interval === 'year' ? 'year' : 'month'}{' '}
          after, each due {HOSTING_LIMITS.daysUntilDue} days later; send your client its payment link from
          Invoices.
        </p>
      </form>
    </Modal>
  );
}
