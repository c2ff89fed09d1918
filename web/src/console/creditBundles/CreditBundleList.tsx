import { CreateButton, DataTable, List, TopToolbar } from 'react-admin';
import { NoRows } from '../shared/NoRows';
import { categoryLabel, KIND_LABELS, signedCredits, type CreditBundleRecord } from '../shared/billing';
import { oneLine } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { ProviderField } from '../shared/ProviderField';
import { ProviderInput } from './GiveCreditsInputs';

const filters = [<ProviderInput key="providerId" source="providerId" alwaysOn />];

/**
 * The credits that came in (GET /admin/credit_bundles.json: page, provider_id), newest first: purchases, credits
 * admins gave, vouchers, offers and adjustments that added credits, each with its provider; "Give credits".
 */
export function CreditBundleList() {
  return (
    <List
      title="Credit bundles"
      filters={filters}
      exporter={false}
      // The filters and the create button stay in view when nothing is listed yet.
      empty={false}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton label="Give credits" />
        </TopToolbar>
      }
    >
      <CreditBundleTable withProvider />
    </List>
  );
}

/** The rows of a list of credit bundles (every provider's, or one provider's on its credits page). */
export function CreditBundleTable({ withProvider }: { withProvider: boolean }) {
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      // In the list's own card the words need its padding; on a provider's page, its section has some.
      empty={<NoRows text="No credits yet." padded={withProvider} />}
    >
      <DataTable.Col cellSx={oneLine} source="createdAt" label="Date" disableSort>
        <IsoDateField source="createdAt" showTime />
      </DataTable.Col>
      {withProvider && (
        <DataTable.Col source="providerId" label="Provider" disableSort>
          <ProviderField />
        </DataTable.Col>
      )}
      <DataTable.Col
        source="kind"
        label="Kind"
        disableSort
        render={(bundle: CreditBundleRecord) => KIND_LABELS[bundle.kind]}
      />
      <DataTable.Col
        source="category"
        label="Category"
        disableSort
        render={(bundle: CreditBundleRecord) => categoryLabel(bundle.category)}
      />
      <DataTable.Col
        cellSx={oneLine}
        source="amount"
        label="Credits"
        disableSort
        render={(bundle: CreditBundleRecord) => signedCredits(bundle.amount)}
      />
      <DataTable.Col source="note" label="Note" disableSort />
    </DataTable>
  );
}
