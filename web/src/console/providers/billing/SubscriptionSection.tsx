import { Alert, Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { INTERVALS, PLANS, PRODUCT_CODES } from '@tourly/contracts';
import { useMemo } from 'react';
import {
  Form,
  RadioButtonGroupInput,
  SelectInput,
  useCanAccess,
  useDataProvider,
  useNotify,
} from 'react-admin';
import { fieldValue } from '../../../shared/adminChanges';
import { formatDate } from '../../../shared/format';
import type { ConsoleDataProvider } from '../../dataProvider';
import { Details } from '../../shared/Details';
import { Section } from '../../shared/Section';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../../shared/useServerSubmit';
import type { PlanChange, PlanSelection, PlanSubscription, ProviderRecord } from '../types';
import { planSubscriptionKey, usePlanSubscription } from './queries';

const PLAN_CHOICES = PRODUCT_CODES.map((id) => ({ id, name: PLANS[id].name }));
const INTERVAL_CHOICES = INTERVALS.map((id) => ({ id, name: fieldValue('interval', id) }));

interface PlanValues {
  servicePlanSubscription: Pick<PlanSelection, 'productCode' | 'interval'>;
}

/**
 * The provider's plan (GET /admin/providers/{id}/service_plan_subscription) and changing it as the provider would
 * (PUT, `service_plan_subscription`: the plan and its interval), charged to the provider's card: a higher plan now,
 * a lower one at the end of the period, the free plan ending the paid one then. Asked about first; billing's
 * refusals (no card, already on the plan) are notified, a field's under its input.
 */
export function SubscriptionSection({ provider }: { provider: ProviderRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'providers', action: 'billing' });
  const subscription = usePlanSubscription(provider.id);
  const plan = subscription.data;
  const record = useMemo<PlanValues | undefined>(
    () => plan && { servicePlanSubscription: { productCode: plan.productCode, interval: plan.interval } },
    [plan],
  );
  const { onSubmit, confirmation } = useServerSubmit<PlanValues, PlanChange>({
    fields: ['servicePlanSubscription.productCode', 'servicePlanSubscription.interval'],
    send: ({ servicePlanSubscription }) => dataProvider.changePlan(provider.id, servicePlanSubscription),
    confirm: ({ servicePlanSubscription: { productCode, interval } }) => ({
      title: `Change the plan of ${provider.name} to ${planWords(productCode, interval)}?`,
      content:
        'A higher plan is charged to the provider’s card now; a lower one starts at the end of the period, and the free plan ends the paid one then.',
      confirm: 'Change plan',
    }),
    onSuccess: (change) => {
      queryClient.setQueryData(planSubscriptionKey(provider.id), change.subscription);
      const message =
        change.result === 'requires_action'
          ? `The provider’s bank asks to authenticate the payment: ${provider.name} confirms it on its billing page.`
          : `${provider.name} is on ${planWords(change.subscription.productCode, change.subscription.interval)}${change.subscription.nextProduct ? `, then ${fieldValue('nextProduct', change.subscription.nextProduct)}` : ''}.`;
      notify(message, {
        type: change.result === 'requires_action' ? 'warning' : 'success',
        messageArgs: { _: message },
      });
    },
  });

  return (
    <Section id="plan-subscription" title="Plan subscription">
      {subscription.error && <Alert severity="error">{subscription.error.message}</Alert>}
      {!plan && !subscription.error && <Typography role="status">Loading the plan…</Typography>}
      {plan && record && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Details items={planDetails(plan)} />
          {canAccess && (
            <Form record={record} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
              <Box sx={{ display: 'grid', gap: 1, maxWidth: '36rem' }}>
                <SelectInput
                  source="servicePlanSubscription.productCode"
                  label="Plan"
                  choices={PLAN_CHOICES}
                />
                <RadioButtonGroupInput
                  source="servicePlanSubscription.interval"
                  label="Billed"
                  choices={INTERVAL_CHOICES}
                />
                <FormErrorSummary />
                <Box>
                  <SubmitButton label="Change plan" />
                </Box>
              </Box>
            </Form>
          )}
        </Box>
      )}
      {confirmation}
    </Section>
  );
}

/** 'Starter (monthly)'; the free plan is billed at no interval: 'Free'. */
function planWords(productCode: PlanSubscription['productCode'] | undefined, interval: string | undefined) {
  const name = productCode ? PLANS[productCode].name : 'no plan';
  if (productCode === 'free_tier_plan' || !interval) return name;
  return `${name} (${fieldValue('interval', interval).toLowerCase()})`;
}

function planDetails(plan: PlanSubscription): Array<[string, string]> {
  const items: Array<[string, string]> = [
    ['Plan', planWords(plan.productCode, plan.interval)],
    ['Status', fieldValue('status', plan.status)],
    ['Premium tours', plan.premiumTourLimit === null ? 'Unlimited' : String(plan.premiumTourLimit)],
  ];
  if (plan.currentPeriodEnd)
    items.push([plan.cancelAtPeriodEnd ? 'Ends' : 'Renews', formatDate(plan.currentPeriodEnd)]);
  if (plan.trialEnd) items.push(['Trial ends', formatDate(plan.trialEnd)]);
  if (plan.nextProduct) items.push(['Then', fieldValue('nextProduct', plan.nextProduct)]);
  return items;
}
