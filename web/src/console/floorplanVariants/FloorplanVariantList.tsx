import { Link } from '@mui/material';
import { DataTable, List, SearchInput, useListContext, useRecordContext } from 'react-admin';
import { formatDateTime } from '../../shared/format';
import { ProviderInput } from '../creditBundles/GiveCreditsInputs';
import { ORDER_KIND_LABELS, orderName } from '../orders/orders';
import { oneLine, wrapAnywhere } from '../shared/cells';
import { IsoDateField } from '../shared/IsoDateField';
import { NoRows } from '../shared/NoRows';
import { ProviderField } from '../shared/ProviderField';
import { RowBlocks, useIsPhone } from '../shared/RowBlocks';
import { orderPagePath, type FloorplanVariantRecord } from './floorplanVariants';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Plan name" />,
  <ProviderInput key="providerId" source="providerId" alwaysOn />,
];

/**
 * Every provider's floor plans (GET /admin/floorplan_variants.json: page, search in the name, provider_id), one per
 * file an order delivered, newest first, 25 a page on the server: searched as the admin types (400 ms after typing
 * stops) and filtered by one provider. Each plan's provider, property, kind, order (opening it in its queue) and
 * when it was delivered. No download: the platform's link to a plan's file is the provider's alone (the order's page
 * lists its deliverables). On a phone each plan is a block.
 */
export function FloorplanVariantList() {
  const isPhone = useIsPhone();
  return (
    <List title="Floor plans" filters={filters} debounce={400} exporter={false} empty={false} perPage={25}>
      {isPhone ? (
        <RowBlocks<FloorplanVariantRecord>
          label="Floor plans"
          title={(plan) => plan.name}
          details={[
            { label: 'Provider', value: () => <ProviderField /> },
            { label: 'Property', value: (plan) => plan.propertyTitle },
            { label: 'Kind', value: (plan) => ORDER_KIND_LABELS[plan.kind] },
            { label: 'Order', value: () => <OrderLink /> },
            { label: 'Delivered', value: (plan) => formatDateTime(plan.createdAt) },
          ]}
          empty={<NoPlans />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoPlans />}>
          <DataTable.Col source="name" label="Name" disableSort cellSx={wrapAnywhere} />
          <DataTable.Col source="providerId" label="Provider" disableSort>
            <ProviderField />
          </DataTable.Col>
          <DataTable.Col source="propertyTitle" label="Property" disableSort />
          <DataTable.Col
            source="kind"
            label="Kind"
            disableSort
            render={(plan: FloorplanVariantRecord) => ORDER_KIND_LABELS[plan.kind]}
          />
          <DataTable.Col source="orderNumber" label="Order" disableSort cellSx={oneLine}>
            <OrderLink />
          </DataTable.Col>
          <DataTable.Col source="createdAt" label="Delivered" disableSort cellSx={oneLine}>
            <IsoDateField source="createdAt" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** No plan at all yet, or none the search or the provider leaves. */
function NoPlans() {
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues as Record<string, unknown>).some(
    (value) => value !== undefined && value !== null && value !== '',
  );
  return (
    <NoRows text={filtered ? 'No floor plan matches.' : 'No order has delivered a floor plan yet.'} padded />
  );
}

/** The order's number, opening its page in the virtual assistants' queue (see `orderPagePath`). */
function OrderLink() {
  const plan = useRecordContext<FloorplanVariantRecord>();
  if (!plan) return null;
  return (
    <Link
      href={orderPagePath(plan)}
      aria-label={orderName({ number: plan.orderNumber })}
      sx={{ fontWeight: 600 }}
    >
      {plan.orderNumber}
    </Link>
  );
}
