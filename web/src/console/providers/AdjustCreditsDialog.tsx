import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  Form,
  HttpError,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import type { ConsoleDataProvider, CreditAdjustment } from '../dataProvider';
import { CATEGORY_CHOICES, creditsLabel, signedCredits } from '../shared/billing';

interface AdjustCreditsDialogProps {
  providerId: string;
  providerName: string;
  onClose: () => void;
}

/**
 * "Adjust credits" (POST /admin/providers/{id}/credit_adjustments): a category, an amount with its sign (up to
 * ±1000000) and a note. The server's refusals land under their inputs (a negative amount that would take the
 * available credits below zero, under the amount); on success the balance and the lists are read again.
 */
export function AdjustCreditsDialog({ providerId, providerName, onClose }: AdjustCreditsDialogProps) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const adjust = useMutation({
    mutationFn: (adjustment: CreditAdjustment) => dataProvider.adjustCredits(providerId, adjustment),
  });

  // react-admin's Form puts what this resolves with under the inputs (a base message is notified by the form).
  async function submit(values: Record<string, unknown>) {
    try {
      const { adjustment, balance } = await adjust.mutateAsync(values as CreditAdjustment);
      const message = `Credits adjusted by ${signedCredits(adjustment.amount)}: ${providerName} has ${creditsLabel(balance.availableBalance)} available.`;
      notify(message, { type: 'info', messageArgs: { _: message } });
      refresh();
      onClose();
      return undefined;
    } catch (error) {
      const errors =
        error instanceof HttpError ? (error.body as { errors?: object } | undefined)?.errors : undefined;
      if (errors) return errors;
      const message = error instanceof Error ? error.message : String(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return undefined;
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="adjust-credits-title" fullWidth maxWidth="sm">
      <Form onSubmit={submit} noValidate>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={adjust.isPending}>
            Adjust credits
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
