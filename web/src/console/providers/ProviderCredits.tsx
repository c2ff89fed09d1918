import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, ListBase, Pagination, useCanAccess, useDataProvider } from 'react-admin';
import { CreditBundleTable } from '../creditBundles/CreditBundleList';
import type { ConsoleDataProvider } from '../dataProvider';
import { categoryLabel, creditsLabel, signedCredits, type CreditAdjustmentRecord } from '../shared/billing';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { Section } from '../shared/Section';
import { TextButton } from '../shared/TextButton';
import { AdjustCreditsDialog } from './AdjustCreditsDialog';
import { GiveCreditsDialog } from './GiveCreditsDialog';
import type { ProviderRecord } from './types';

/**
 * A provider's credits (the Credits tab of its page): the balance (GET .../available_credit_balance), "Adjust
 * credits" and "Give credits", then its adjustments (GET .../credit_adjustments) and the credit bundles it received
 * (GET /admin/credit_bundles.json?provider_id=), paged.
 */
export function ProviderCredits({ provider }: { provider: ProviderRecord }) {
  const { id, name } = provider;
  const { canAccess: canAdjust } = useCanAccess({ resource: 'credit_adjustments', action: 'create' });
  const { canAccess: canGive } = useCanAccess({ resource: 'credit_bundles', action: 'create' });
  const [dialog, setDialog] = useState<'adjust' | 'give' | null>(null);

  return (
    <>
      <Section id="credit-balance" title="Balance">
        <Balance providerId={id} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {canAdjust && (
            <TextButton label="Adjust credits" variant="contained" onClick={() => setDialog('adjust')} />
          )}
          {canGive && (
            <TextButton label="Give credits" variant="outlined" onClick={() => setDialog('give')} />
          )}
        </Box>
      </Section>

      <Section id="credit-adjustments" title="Adjustments">
        <ListBase
          resource="credit_adjustments"
          filter={{ providerId: id }}
          disableSyncWithLocation
          storeKey={false}
          perPage={10}
        >
          <DataTable rowClick={false} bulkActionButtons={false} empty={<NoRows text="No adjustments yet." />}>
            <DataTable.Col cellSx={oneLine} source="createdAt" label="Date" disableSort>
              <IsoDateField source="createdAt" showTime />
            </DataTable.Col>
            <DataTable.Col
              cellSx={oneLine}
              source="amount"
              label="Credits"
              disableSort
              render={(entry: CreditAdjustmentRecord) => signedCredits(entry.amount)}
            />
            <DataTable.Col
              source="category"
              label="Category"
              disableSort
              render={(entry: CreditAdjustmentRecord) => categoryLabel(entry.category)}
            />
            <DataTable.Col source="note" label="Note" disableSort />
          </DataTable>
          <Pagination rowsPerPageOptions={[10, 25, 50]} />
        </ListBase>
      </Section>

      <Section id="credit-bundles" title="Credit bundles">
        <Typography variant="body2" color="text.secondary">
          Every credit it received: purchases, credits given, vouchers, offers and adjustments up.
        </Typography>
        <ListBase
          resource="credit_bundles"
          filter={{ providerId: id }}
          disableSyncWithLocation
          storeKey={false}
          perPage={10}
        >
          <CreditBundleTable withProvider={false} />
          <Pagination rowsPerPageOptions={[10, 25, 50]} />
        </ListBase>
      </Section>

      {dialog === 'adjust' && (
        <AdjustCreditsDialog providerId={id} providerName={name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'give' && (
        <GiveCreditsDialog providerId={id} providerName={name} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

/** What the provider can spend now, and what orders in progress hold. */
function Balance({ providerId }: { providerId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const balance = useQuery({
    queryKey: ['providers', 'creditBalance', providerId],
    queryFn: ({ signal }) => dataProvider.creditBalance(providerId, signal),
  });
  if (balance.error) return <Alert severity="error">{balance.error.message}</Alert>;
  if (!balance.data) return <Typography role="status">Loading the balance…</Typography>;
  const { availableBalance, reservedBalance } = balance.data;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
    >
      <Typography component="dt" color="text.secondary">
        Available
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {creditsLabel(availableBalance)}
      </Typography>
      <Typography component="dt" color="text.secondary">
        Reserved
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {creditsLabel(reservedBalance)}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          · held for orders in progress
        </Typography>
      </Typography>
    </Box>
  );
}
