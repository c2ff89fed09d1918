import { Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ConsoleModal } from '../shared/ConsoleModal';
import { CreateBase, Form, useNotify, useRefresh, useSaveContext } from 'react-admin';
import { GiveCreditsInputs } from '../creditBundles/GiveCreditsInputs';
import { creditsLabel, type CreditBundleRecord } from '../shared/billing';

interface GiveCreditsDialogProps {
  providerId: string;
  providerName: string;
  onClose: () => void;
}

/**
 * "Give credits" on a provider's credits page: react-admin's create of a credit bundle (POST
 * /admin/credit_bundles.json) for this provider, in a dialog; the server's messages under their inputs.
 */
export function GiveCreditsDialog({ providerId, providerName, onClose }: GiveCreditsDialogProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <ConsoleModal size="small" labelledBy="give-credits-title" onClose={onClose}>
      <CreateBase
        resource="credit_bundles"
        record={{ providerId }}
        redirect={false}
        mutationOptions={{
          onSuccess: (bundle: CreditBundleRecord) => {
            const message = `${creditsLabel(bundle.amount)} given to ${providerName}.`;
            notify(message, { type: 'info', messageArgs: { _: message } });
            refresh();
            onClose();
          },
        }}
      >
        <Form noValidate>
          <DialogTitle id="give-credits-title">Give credits to {providerName}</DialogTitle>
          <DialogContent>
            <GiveCreditsInputs withProvider={false} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <GiveButton />
          </DialogActions>
        </Form>
      </CreateBase>
    </ConsoleModal>
  );
}

function GiveButton() {
  const { saving } = useSaveContext();
  return (
    <Button type="submit" variant="contained" disabled={saving}>
      Give credits
    </Button>
  );
}
