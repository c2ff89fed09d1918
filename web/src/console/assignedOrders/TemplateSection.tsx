import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { capitalised } from '../orders/orders';
import { Section } from '../shared/Section';

const yesNo = (value: boolean) => (value ? 'Shown' : 'Hidden');

/** The provider's drawing template (GET .../floorplan_template): how its plans are drawn. */
export function TemplateSection({ orderId }: { orderId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const template = useQuery({
    queryKey: ['orders', orderId, 'template'],
    queryFn: ({ signal }) => dataProvider.floorplanTemplate(orderId, signal),
  });
  let content: ReactNode;
  if (template.error) content = <Alert severity="error">{template.error.message}</Alert>;
  else if (!template.data) content = <Typography role="status">Loading the template…</Typography>;
  else {
    const value = template.data;
    const rows: Array<[string, ReactNode]> = [
      ['Template', capitalised(value.template)],
      ['Units', capitalised(value.units)],
      ['Dimensions', yesNo(value.showDimensions)],
      ['Room areas', yesNo(value.showRoomAreas)],
      ['Total area', yesNo(value.showTotalArea)],
    ];
    if (value.brandColour) {
      rows.push([
        'Brand colour',
        <Box key="colour" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Box
            aria-hidden
            component="span"
            sx={{
              width: 16,
              height: 16,
              borderRadius: 0.5,
              border: 1,
              borderColor: 'divider',
              bgcolor: value.brandColour,
            }}
          />
          {value.brandColour}
        </Box>,
      ]);
    }
    if (value.customTemplateName) rows.push(['Custom template', value.customTemplateName]);
    if (value.supplierNotes) rows.push(['Notes for the supplier', value.supplierNotes]);
    content = (
      <>
        {!value.configured && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The provider has not configured its plans: draw in the defaults.
          </Typography>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            columnGap: 3,
            rowGap: 1,
            m: 0,
          }}
        >
          {rows.map(([label, shown]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {shown}
              </Typography>
            </Box>
          ))}
        </Box>
      </>
    );
  }
  return (
    <Section id="order-template" title="Drawing template">
      {content}
    </Section>
  );
}
