import { Alert, Box, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  BooleanInput,
  Form,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useCanAccess,
  useDataProvider,
  useNotify,
} from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { Section } from '../shared/Section';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../shared/useServerSubmit';
import type { FloorplanConfiguration, FloorplanConfigurationFields, ProviderRecord } from './types';

/** The drawing templates and units the orders service knows, in words. */
const TEMPLATES: Record<FloorplanConfigurationFields['template'], string> = {
  classic: 'Classic',
  modern: 'Modern',
  blueprint: 'Blueprint',
  monochrome: 'Monochrome',
};
const UNITS: Record<FloorplanConfigurationFields['units'], string> = {
  metric: 'Metric',
  imperial: 'Imperial',
};

const choices = (names: Record<string, string>) => Object.entries(names).map(([id, name]) => ({ id, name }));

/** The form's values: the request's own shape, so the server's field names are the inputs' sources. */
interface ConfigurationValues {
  floorplanConfiguration: FloorplanConfigurationFields;
}

const FIELDS = [
  'template',
  'units',
  'showDimensions',
  'showRoomAreas',
  'showTotalArea',
  'brandColour',
  'customTemplateName',
  'supplierNotes',
].map((field) => `floorplanConfiguration.${field}`);

/**
 * How the provider's floor plans are drawn (GET .../floorplan_configuration/show.json), changed by an administrator
 * (PUT .../update.json, `floorplan_configuration`): the template, the units, what the plan shows, the brand colour,
 * a custom template's name and the notes suppliers read. The server's refusals under their inputs.
 */
export function FloorplanConfigurationTab({ provider }: { provider: ProviderRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'providers', action: 'floorplan_configuration' });
  const queryKey = ['providers', 'floorplanConfiguration', provider.id];
  const configuration = useQuery({
    queryKey,
    queryFn: ({ signal }) => dataProvider.floorplanConfiguration(provider.id, signal),
  });
  const record = useMemo(
    () => (configuration.data ? valuesOf(configuration.data) : undefined),
    [configuration.data],
  );
  const { onSubmit } = useServerSubmit<ConfigurationValues, FloorplanConfiguration>({
    fields: FIELDS,
    send: ({ floorplanConfiguration: fields }) =>
      dataProvider.updateFloorplanConfiguration(provider.id, {
        ...fields,
        brandColour: blankToNull(fields.brandColour),
        customTemplateName: blankToNull(fields.customTemplateName),
        supplierNotes: blankToNull(fields.supplierNotes),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      const message = `Floor-plan configuration of ${provider.name} saved.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
    },
  });

  return (
    <Section id="floorplan-configuration" title="How its floor plans are drawn">
      {configuration.error && <Alert severity="error">{configuration.error.message}</Alert>}
      {!record && !configuration.error && <Typography role="status">Loading the configuration…</Typography>}
      {record && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {configuration.data?.configured
              ? 'Suppliers draw this provider’s plans as set here.'
              : 'Nothing set yet: suppliers draw this provider’s plans with the defaults shown.'}
          </Typography>
          <Form record={record} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
            <Box sx={{ display: 'grid', gap: 1, maxWidth: '36rem' }}>
              <SelectInput
                source="floorplanConfiguration.template"
                label="Template"
                choices={choices(TEMPLATES)}
                disabled={!canAccess}
              />
              <RadioButtonGroupInput
                source="floorplanConfiguration.units"
                label="Units"
                choices={choices(UNITS)}
                disabled={!canAccess}
              />
              <BooleanInput
                source="floorplanConfiguration.showDimensions"
                label="Show dimensions"
                disabled={!canAccess}
              />
              <BooleanInput
                source="floorplanConfiguration.showRoomAreas"
                label="Show room areas"
                disabled={!canAccess}
              />
              <BooleanInput
                source="floorplanConfiguration.showTotalArea"
                label="Show the total area"
                disabled={!canAccess}
              />
              <TextInput
                source="floorplanConfiguration.brandColour"
                label="Brand colour"
                helperText="A colour like #1a2b3c; blank: none."
                disabled={!canAccess}
              />
              <TextInput
                source="floorplanConfiguration.customTemplateName"
                label="Custom template"
                helperText="A template made for this provider alone; blank: none."
                disabled={!canAccess}
              />
              <TextInput
                source="floorplanConfiguration.supplierNotes"
                label="Notes for the supplier"
                multiline
                minRows={2}
                disabled={!canAccess}
              />
              <FormErrorSummary />
              {canAccess && (
                <Box>
                  <SubmitButton label="Save configuration" />
                </Box>
              )}
            </Box>
          </Form>
        </>
      )}
    </Section>
  );
}

function valuesOf(configuration: FloorplanConfiguration): ConfigurationValues {
  const { configured: _configured, ...fields } = configuration;
  return {
    floorplanConfiguration: {
      ...fields,
      brandColour: fields.brandColour ?? '',
      customTemplateName: fields.customTemplateName ?? '',
      supplierNotes: fields.supplierNotes ?? '',
    },
  };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);
