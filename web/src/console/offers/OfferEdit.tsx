import { Edit, SaveButton, Toolbar, TopToolbar, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { ArchiveButton } from '../shared/ArchiveButton';
import { OFFER_STATUS, type OfferRecord } from '../shared/billing';
import { StatusChip } from '../shared/StatusChip';
import { OfferForm } from './OfferForm';
import { ARCHIVE_CONSEQUENCE, offerName } from './OfferList';

/**
 * An offer's page (GET, PUT /admin/offers/{id}): its status and redemptions, the form, and "Archive" (DELETE)
 * beside "Save". A change applies to what it gives from now on, never to what it gave.
 */
export function OfferEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={<OfferTitle />}
      mutationMode="pessimistic"
      actions={<OfferState />}
      mutationOptions={{
        onSuccess: (offer: OfferRecord) => {
          const message = `Offer “${offer.name}” saved.`;
          notify(message, { type: 'info', messageArgs: { _: message } });
          redirect('list', 'offers');
        },
      }}
    >
      <OfferForm
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <ArchiveButton name={offerName} consequence={ARCHIVE_CONSEQUENCE} redirectToList />
          </Toolbar>
        }
      />
    </Edit>
  );
}

function OfferTitle() {
  const offer = useRecordContext<OfferRecord>();
  return <span>{offer ? `Offer “${offer.name}”` : 'Offer'}</span>;
}

function OfferState() {
  const offer = useRecordContext<OfferRecord>();
  if (!offer) return null;
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 2 }}>
      <StatusChip {...OFFER_STATUS[offer.status]} />
      <span>{offer.redemptionsCount === 1 ? 'Given once' : `Given ${offer.redemptionsCount} times`}</span>
    </TopToolbar>
  );
}
