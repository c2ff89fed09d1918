import { Alert, Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Form, NumberInput, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { Section } from '../../shared/Section';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../../shared/useServerSubmit';
import type { PlanSubscription, ProviderRecord } from '../types';
import { billingAccountKey, planSubscriptionKey, useBillingAccount } from './queries';

interface PricingValues {
  pricing: { discountPercent: number | null };
}

/**
 * The negotiated discount on the provider's plan (POST /admin/providers/{id}/billing_account/pricing,
 * `pricing.discount_percent`, a whole percentage, 0 removes it), from its next invoice on; asked about first. Billing
 * refuses it until the billing account is saved (a notification).
 */
export function PricingSection({ provider }: { provider: ProviderRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'providers', action: 'billing' });
  const account = useBillingAccount(provider.id);
  const current = account.data?.discountPercent;
  const record = useMemo<PricingValues | undefined>(
    () => (current === undefined ? undefined : { pricing: { discountPercent: current } }),
    [current],
  );
  const { onSubmit, confirmation } = useServerSubmit<PricingValues, PlanSubscription>({
    fields: ['pricing.discountPercent'],
    send: ({ pricing }) =>
      // An empty input goes as it is, so the server says what is missing, under the input.
      dataProvider.setNegotiatedPricing(provider.id, pricing.discountPercent as number),
    confirm: ({ pricing: { discountPercent } }) =>
      discountPercent === 0
        ? {
            title: `Remove the negotiated discount of ${provider.name}?`,
            content: 'Its plan is charged at the full price from its next invoice.',
            confirm: 'Remove the discount',
          }
        : {
            title: `Set a negotiated discount of ${discountPercent ?? '—'}% for ${provider.name}?`,
            content: 'Billing applies it to the provider’s plan from its next invoice on.',
            confirm: 'Set pricing',
          },
    onSuccess: (subscription, { pricing }) => {
      queryClient.setQueryData(planSubscriptionKey(provider.id), subscription);
      void queryClient.invalidateQueries({ queryKey: billingAccountKey(provider.id) });
      const message =
        pricing.discountPercent === 0
          ? `${provider.name} pays the full price from its next invoice.`
          : `${provider.name} has ${pricing.discountPercent}% off its plan from its next invoice.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
    },
  });

  return (
    <Section id="negotiated-pricing" title="Negotiated pricing">
      {account.error && <Alert severity="error">{account.error.message}</Alert>}
      {record && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography>
            {current ? `${current}% off its plan.` : 'No negotiated discount: the plan’s own price.'}
          </Typography>
          {canAccess && (
            <Form record={record} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
                <NumberInput
                  source="pricing.discountPercent"
                  label="Discount (%)"
                  helperText="A whole percentage from 0 to 100; 0 removes the discount."
                  sx={{ flex: '0 1 16rem' }}
                />
                <Box sx={{ pt: 1.5 }}>
                  <SubmitButton label="Set pricing" />
                </Box>
              </Box>
              <FormErrorSummary />
            </Form>
          )}
        </Box>
      )}
      {confirmation}
    </Section>
  );
}
