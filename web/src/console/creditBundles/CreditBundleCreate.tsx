import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { creditsLabel, type CreditBundleRecord } from '../shared/billing';
import { GiveCreditsInputs } from './GiveCreditsInputs';

/**
 * "Give credits" (POST /admin/credit_bundles.json): a provider, the credits, their category and a note; then the
 * list, where the new row shows first. `?source={"providerId":"..."}` picks the provider beforehand.
 */
export function CreditBundleCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Give credits"
      mutationOptions={{
        onSuccess: (bundle: CreditBundleRecord) => {
          const message = `${creditsLabel(bundle.amount)} given.`;
          notify(message, { type: 'info', messageArgs: { _: message } });
          redirect('list', 'credit_bundles');
        },
      }}
    >
      <SimpleForm sx={{ maxWidth: 640 }}>
        <GiveCreditsInputs withProvider />
      </SimpleForm>
    </Create>
  );
}
