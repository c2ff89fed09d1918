import { Alert, Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENCIES } from '@tourly/contracts';
import { useMemo } from 'react';
import {
  Form,
  NumberInput,
  SelectInput,
  TextInput,
  useCanAccess,
  useDataProvider,
  useNotify,
} from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { Details } from '../../shared/Details';
import { Section } from '../../shared/Section';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../../shared/useServerSubmit';
import type { BillingAccount, BillingAccountForm, ProviderRecord } from '../types';
import { billingAccountKey, planSubscriptionKey, useBillingAccount } from './queries';

const CURRENCY_CHOICES = CURRENCIES.map((id) => ({ id, name: id.toUpperCase() }));
const FIELDS = ['name', 'email', 'address', 'country', 'currency', 'hostingApplicationFeePercent'];

/**
 * The provider's billing account (GET, PATCH /admin/providers/{id}/billing_account): the name, email, address and
 * country invoices carry and the currency plans are billed in; saving it the first time makes the provider's Stripe
 * customer. The server's refusals under their inputs (a change of currency while a paid plan runs, under Currency).
 * With it, the platform's share of the hosting fees the provider's clients pay (issue 32; empty: none).
 */
export function BillingAccountSection({ provider }: { provider: ProviderRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'providers', action: 'billing' });
  const account = useBillingAccount(provider.id);
  const record = useMemo(() => (account.data ? formOf(account.data) : undefined), [account.data]);
  const { onSubmit } = useServerSubmit<BillingAccountForm, void>({
    fields: FIELDS,
    send: (form) => dataProvider.updateBillingAccount(provider.id, formOf(form)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingAccountKey(provider.id) });
      void queryClient.invalidateQueries({ queryKey: planSubscriptionKey(provider.id) });
      const message = `Billing account of ${provider.name} saved.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
    },
  });

  return (
    <Section id="billing-account" title="Billing account">
      {account.error && <Alert severity="error">{account.error.message}</Alert>}
      {!account.data && !account.error && <Typography role="status">Loading the billing account…</Typography>}
      {account.data && record && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Details
            items={[
              [
                'Saved',
                account.data.complete
                  ? 'Yes'
                  : 'Not yet: negotiated pricing and paid plans need the billing account first',
              ],
              ['Stripe customer', account.data.stripeCustomerId ?? '—'],
              ['Stripe test clock', account.data.testClockId ?? '—'],
            ]}
          />
          <Form record={record} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
            <Box sx={{ display: 'grid', gap: 1, maxWidth: '36rem' }}>
              <TextInput source="name" label="Name" disabled={!canAccess} />
              <TextInput source="email" label="Email" type="email" disabled={!canAccess} />
              <TextInput source="address" label="Address" multiline disabled={!canAccess} />
              <TextInput
                source="country"
                label="Country"
                helperText="A two-letter code, e.g. AU"
                disabled={!canAccess}
              />
              <SelectInput
                source="currency"
                label="Currency"
                choices={CURRENCY_CHOICES}
                helperText="What its plans are billed in"
                disabled={!canAccess}
              />
              <NumberInput
                source="hostingApplicationFeePercent"
                label="Platform fee on hosting fees (%)"
                helperText="The platform's share of each hosting fee its clients pay, 0 to 50; empty for none"
                disabled={!canAccess}
              />
              <FormErrorSummary />
              {canAccess && (
                <Box>
                  <SubmitButton label="Save billing account" />
                </Box>
              )}
            </Box>
          </Form>
        </Box>
      )}
    </Section>
  );
}

/** The fields the form edits and PATCH takes, nothing else of the account. */
function formOf(account: BillingAccount | BillingAccountForm): BillingAccountForm {
  const { name, email, address, country, currency, hostingApplicationFeePercent } = account;
  return {
    name: name ?? '',
    email: email ?? '',
    address: address ?? '',
    country: country ?? '',
    currency,
    // An emptied input is none (null), as the server reads it.
    hostingApplicationFeePercent: hostingApplicationFeePercent ?? null,
  };
}
