import { Box, Button } from '@mui/material';
import { useForm } from '../../shared/forms/useForm';
import { SelectField } from '../../shared/SelectField';
import { useSuppliers } from '../orders/OrderFields';
import { orderName, type OrderDetail } from '../orders/orders';
import { useOrderAction } from '../orders/useOrderAction';

/**
 * Assigns the order to an external supplier, or to another one (POST .../portal_order_requests/{id}/assign),
 * chosen from GET /virtual_assistant/external_suppliers.json. The server's refusal of the choice shows under it.
 */
export function AssignSupplier({ order }: { order: OrderDetail }) {
  const suppliers = useSuppliers();
  const { run } = useOrderAction();
  const form = useForm({
    initial: { supplierId: order.supplierId ?? '' },
    fields: { supplierId: 'supplierId' },
    submit: async ({ supplierId }) => {
      if (supplierId === '') {
        form.refuse('supplierId', 'Choose a supplier first.');
        return undefined;
      }
      const chosen = suppliers.data?.find((supplier) => supplier.userId === supplierId);
      return run(
        (provider) => provider.assignOrder(order.id, supplierId),
        `${orderName(order)} assigned to ${chosen?.fullName ?? 'the supplier'}.`,
      );
    },
  });
  const unchanged = form.values.supplierId === (order.supplierId ?? '');

  return (
    <Box
      component="form"
      noValidate
      aria-label="Assign to a supplier"
      onSubmit={form.handleSubmit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 1.5 }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0, maxWidth: '24rem' }}>
        <SelectField
          {...form.field('supplierId')}
          label="Supplier"
          hint={suppliers.error ? suppliers.error.message : undefined}
          disabled={!suppliers.data}
        >
          <option value="">{suppliers.data ? 'Choose a supplier' : 'Loading the suppliers…'}</option>
          {suppliers.data?.map((supplier) => (
            <option key={supplier.userId} value={supplier.userId}>
              {supplier.fullName} ({supplier.email})
            </option>
          ))}
        </SelectField>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="small"
        disabled={form.isPending || unchanged}
        sx={{ mb: 2 }}
      >
        {order.supplierId ? 'Reassign' : 'Assign'}
      </Button>
    </Box>
  );
}
