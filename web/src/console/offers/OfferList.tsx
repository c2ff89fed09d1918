import { Typography } from '@mui/material';
import {
  DataTable,
  SearchInput,
  SelectInput,
  useBasename,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { ListWithCreate } from '../shared/ListWithCreate';
import { ArchiveButton } from '../shared/ArchiveButton';
import {
  ACTION_CHOICES,
  ACTION_LABELS,
  creditsLabel,
  OFFER_STATUS,
  type OfferRecord,
} from '../shared/billing';
import { IsoDateField } from '../shared/IsoDateField';
import { oneLine } from '../shared/cells';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { StatusChip } from '../shared/StatusChip';
import { TextButton } from '../shared/TextButton';

export const ARCHIVE_CONSEQUENCE =
  'No provider receives it from now on and it leaves this list. The credits it gave stay.';

export const offerName = (offer: RaRecord) => `offer “${String(offer.name)}”`;

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Name" />,
  <SelectInput key="redeemAction" source="redeemAction" label="Action" choices={ACTION_CHOICES} alwaysOn />,
];

/**
 * Offers (GET /admin/offers: page, search in the name, redeem_action), newest first, archived ones left out: the
 * action that gives each, its credits, when it runs, its status and how many providers received it. On a phone each
 * offer is a block, its actions under it.
 */
export function OfferList() {
  const isPhone = useIsPhone();
  return (
    <ListWithCreate title="Offers" createLabel="New offer" filters={filters}>
      {isPhone ? (
        <RowBlocks<OfferRecord>
          label="Offers"
          title={(offer) => offer.name}
          details={[
            { label: 'Description', value: (offer) => offer.description },
            { label: 'Action', value: (offer) => ACTION_LABELS[offer.redeemAction] },
            { label: 'Credits', value: (offer) => creditsLabel(offer.credits) },
            {
              label: 'From',
              value: () => <IsoDateField source="startsAt" showTime emptyText="Its creation" />,
            },
            { label: 'Until', value: () => <IsoDateField source="endsAt" showTime emptyText="No end" /> },
            { label: 'Status', value: (offer) => <StatusChip {...OFFER_STATUS[offer.status]} /> },
            { label: 'Redemptions', value: (offer) => String(offer.redemptionsCount) },
          ]}
          actions={<OfferActions />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="name" label="Name" disableSort>
            <NameField />
          </DataTable.Col>
          <DataTable.Col
            cellSx={oneLine}
            source="redeemAction"
            label="Action"
            disableSort
            render={(offer: OfferRecord) => ACTION_LABELS[offer.redeemAction]}
          />
          <DataTable.Col
            cellSx={oneLine}
            source="credits"
            label="Credits"
            disableSort
            render={(offer: OfferRecord) => creditsLabel(offer.credits)}
          />
          <DataTable.Col cellSx={oneLine} source="startsAt" label="From" disableSort>
            <IsoDateField source="startsAt" showTime emptyText="Its creation" />
          </DataTable.Col>
          <DataTable.Col cellSx={oneLine} source="endsAt" label="Until" disableSort>
            <IsoDateField source="endsAt" showTime emptyText="No end" />
          </DataTable.Col>
          <DataTable.Col
            cellSx={oneLine}
            source="status"
            label="Status"
            disableSort
            render={(offer: OfferRecord) => <StatusChip {...OFFER_STATUS[offer.status]} />}
          />
          <DataTable.Col source="redemptionsCount" label="Redemptions" disableSort />
          <DataTable.Col cellSx={oneLine} label="Actions" disableSort>
            <OfferActions />
          </DataTable.Col>
        </DataTable>
      )}
    </ListWithCreate>
  );
}

function NameField() {
  const offer = useRecordContext<OfferRecord>();
  if (!offer) return null;
  return (
    <>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
        {offer.name}
      </Typography>
      {offer.description && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {offer.description}
        </Typography>
      )}
    </>
  );
}

function OfferActions() {
  const offer = useRecordContext<OfferRecord>();
  const basename = useBasename();
  if (!offer) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
      <TextButton to={`${basename}/offers/${offer.id}`} label="Edit" aria-label={`Edit ${offer.name}`} />
      <ArchiveButton name={offerName} consequence={ARCHIVE_CONSEQUENCE} />
    </span>
  );
}
