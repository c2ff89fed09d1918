import { Create, useNotify, useRedirect } from 'react-admin';
import type { OfferRecord } from '../shared/billing';
import { OfferForm } from './OfferForm';

/** A new offer (POST /admin/offers), then back to the list. */
export function OfferCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="New offer"
      mutationOptions={{
        onSuccess: (offer: OfferRecord) => {
          const message = `Offer “${offer.name}” created.`;
          notify(message, { type: 'info', messageArgs: { _: message } });
          redirect('list', 'offers');
        },
      }}
    >
      <OfferForm />
    </Create>
  );
}
