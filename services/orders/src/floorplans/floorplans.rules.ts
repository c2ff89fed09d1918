/** The drawing styles a provider's plans can be drawn in (the admin picks one per provider). */
export const FLOORPLAN_TEMPLATES = [
  { id: 'classic', name: 'Classic', description: 'Black walls, room names and sizes, white background.' },
  {
    id: 'modern',
    name: 'Modern',
    description: 'Grey walls, furniture outlines, the brand colour as accent.',
  },
  { id: 'blueprint', name: 'Blueprint', description: 'White lines on blue, dimensions on every wall.' },
  { id: 'monochrome', name: 'Monochrome', description: 'Thin black lines only, for print.' },
] as const;
export type FloorplanTemplate = (typeof FLOORPLAN_TEMPLATES)[number]['id'];
export const TEMPLATE_IDS = FLOORPLAN_TEMPLATES.map((template) => template.id);

export const UNITS = ['metric', 'imperial'] as const;
export type Units = (typeof UNITS)[number];

export const VARIANT_NOT_FOUND = 'Floor plan variant not found';
export const NOT_YOUR_CLIENT = 'is not one of your clients';

/** How a provider's plans are drawn. */
export interface FloorplanConfiguration {
  template: FloorplanTemplate;
  units: Units;
  showDimensions: boolean;
  showRoomAreas: boolean;
  showTotalArea: boolean;
  brandColour: string | null;
  /** A template made for this provider alone, by name; suppliers draw in it instead of `template`. */
  customTemplateName: string | null;
  supplierNotes: string | null;
}

/** A provider nobody configured draws in the classic template, metric, with every measure shown. */
export const DEFAULT_CONFIGURATION: FloorplanConfiguration = {
  template: 'classic',
  units: 'metric',
  showDimensions: true,
  showRoomAreas: true,
  showTotalArea: true,
  brandColour: null,
  customTemplateName: null,
  supplierNotes: null,
};

/** A custom template's id in the list of the provider's templates: one per provider. */
/** A provider's configuration as its admin page shows it: `configured` false while it draws in the defaults. */
export type ShownConfiguration = FloorplanConfiguration & { configured: boolean };

export const CUSTOM_TEMPLATE_ID = 'custom';

/** A provider's configuration as shown: as saved (without when), or the defaults while nobody configured it. */
export function shownConfiguration(
  saved: (FloorplanConfiguration & { updatedAt: Date }) | undefined,
): ShownConfiguration {
  if (!saved) return { ...DEFAULT_CONFIGURATION, configured: false };
  const { updatedAt: _updatedAt, ...configuration } = saved;
  return { ...configuration, configured: true };
}

/** What an admin's form saves: no brand colour when none is given, no custom template or notes when blank. */
export function savedConfiguration(
  fields: Omit<FloorplanConfiguration, 'brandColour' | 'customTemplateName' | 'supplierNotes'> &
    Partial<Pick<FloorplanConfiguration, 'brandColour' | 'customTemplateName' | 'supplierNotes'>>,
): FloorplanConfiguration {
  return {
    template: fields.template,
    units: fields.units,
    showDimensions: fields.showDimensions,
    showRoomAreas: fields.showRoomAreas,
    showTotalArea: fields.showTotalArea,
    brandColour: fields.brandColour ?? null,
    customTemplateName: fields.customTemplateName || null,
    supplierNotes: fields.supplierNotes || null,
  };
}

/** The templates made for a provider alone: its custom template, when an admin named one. */
export function customTemplatesOf(
  configuration: Pick<FloorplanConfiguration, 'customTemplateName'>,
): Array<{ id: string; name: string; description: string }> {
  const { customTemplateName } = configuration;
  return customTemplateName
    ? [{ id: CUSTOM_TEMPLATE_ID, name: customTemplateName, description: 'Made for your plans alone.' }]
    : [];
}
