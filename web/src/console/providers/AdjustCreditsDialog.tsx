import { Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ConsoleModal } from '../shared/ConsoleModal';
import {
  Form,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import type { ConsoleDataProvider, CreditAdjustment, CreditAdjustmentResult } from '../dataProvider';
import { CATEGORY_CHOICES, categoryLabel, creditsLabel, signedCredits } from '../shared/billing';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../shared/useServerSubmit';

/** The form starts empty (not from the provider's page's record). */
const EMPTY = {};

interface AdjustCreditsDialogProps {
  providerId: string;
  providerName: string;
  onClose: () => void;
}

/**
 * "Adjust credits" (POST /admin/providers/{id}/credit_adjustments): a category, an amount with its sign (up to
 * ±1000000) and a note, sent once the administrator has said yes to the are-you-sure dialog. The server's refusals
 * land under their inputs (a negative amount that would take the available credits below zero, under the amount); on
 * success the balance and the lists are read again.
 */
export function AdjustCreditsDialog({ providerId, providerName, onClose }: AdjustCreditsDialogProps) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { onSubmit, confirmation } = useServerSubmit<CreditAdjustment, CreditAdjustmentResult>({
    fields: ['category', 'amount', 'note'],
    send: (adjustment) => dataProvider.adjustCredits(providerId, adjustment),
    confirm: ({ amount, category }) => ({
      title: `Adjust the credits of ${providerName} by ${signedCredits(Number(amount))}?`,
      content: `${categoryLabel(category)}. The provider sees the adjustment in its credit history.`,
      confirm: 'Adjust credits',
    }),
    onSuccess: ({ adjustment, balance }) => {
      const message = `Credits adjusted by ${signedCredits(adjustment.amount)}: ${providerName} has ${creditsLabel(balance.availableBalance)} available.`;
      notify(message, { type: 'info', messageArgs: { _: message } });
      refresh();
      onClose();
    },
  });

  return (
    <ConsoleModal size="small" labelledBy="adjust-credits-title" onClose={onClose}>
      <Form record={EMPTY} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <DialogTitle id="adjust-credits-title">Adjust credits of {providerName}</DialogTitle>
        <DialogContent>
          <SelectInput
            source="category"
            label="Category"
            choices={CATEGORY_CHOICES}
            validate={required()}
            helperText="Why the credits change; the provider’s history shows it."
          />
          <NumberInput
            source="amount"
            label="Amount"
            validate={required()}
            helperText="Positive adds credits, negative takes them away (for example -20)."
          />
          <TextInput source="note" label="Note" multiline helperText="Optional. The provider sees it." />
          <FormErrorSummary />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton label="Adjust credits" />
        </DialogActions>
      </Form>
      {confirmation}
    </ConsoleModal>
  );
}
