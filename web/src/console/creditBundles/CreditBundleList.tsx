import { DataTable } from 'react-admin';
import { ListWithCreate } from '../shared/ListWithCreate';
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
    <ListWithCreate title="Credit bundles" createLabel="Give credits" filters={filters}>
      <CreditBundleTable withProvider />
    </ListWithCreate>
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
