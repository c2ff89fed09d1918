import {
  DEFAULT_CONFIGURATION,
  TEMPLATE_IDS,
  customTemplatesOf,
  savedConfiguration,
  shownConfiguration,
  type FloorplanConfiguration,
} from './floorplans.rules';

const SAVED: FloorplanConfiguration = {
  template: 'blueprint',
  units: 'imperial',
  showDimensions: false,
  showRoomAreas: true,
  showTotalArea: false,
  brandColour: '#0055ff',
  customTemplateName: 'Harbour style',
  supplierNotes: 'Label the garage.',
};
const FORM = {
  template: 'modern',
  units: 'metric',
  showDimensions: true,
  showRoomAreas: false,
  showTotalArea: true,
} as const;

describe('floor-plan rules', () => {
  it('draws a provider nobody configured in the classic template, metric, every measure shown', () => {
    expect(shownConfiguration(undefined)).toEqual({
      template: 'classic',
      units: 'metric',
      showDimensions: true,
      showRoomAreas: true,
      showTotalArea: true,
      brandColour: null,
      customTemplateName: null,
      supplierNotes: null,
      configured: false,
    });
    expect(TEMPLATE_IDS).toContain(DEFAULT_CONFIGURATION.template);
  });

  it('shows a saved configuration as saved, configured, without when it was saved', () => {
    expect(shownConfiguration({ ...SAVED, updatedAt: new Date('2026-03-01T10:00:00Z') })).toEqual({
      ...SAVED,
      configured: true,
    });
  });

  it.each<[string, Partial<FloorplanConfiguration>, Partial<FloorplanConfiguration>]>([
    ['nothing optional given', {}, { brandColour: null, customTemplateName: null, supplierNotes: null }],
    [
      'everything given',
      { brandColour: '#112233', customTemplateName: 'Ours', supplierNotes: 'Both floors' },
      { brandColour: '#112233', customTemplateName: 'Ours', supplierNotes: 'Both floors' },
    ],
    [
      'blanks, as none',
      { brandColour: null, customTemplateName: '', supplierNotes: '' },
      { brandColour: null, customTemplateName: null, supplierNotes: null },
    ],
  ])('saves a form with %s', (_what, optional, saved) => {
    expect(savedConfiguration({ ...FORM, ...optional })).toEqual({ ...FORM, ...saved });
  });

  it.each<[string, string | null, Array<{ id: string; name: string; description: string }>]>([
    ['no custom template', null, []],
    [
      'a custom template',
      'Harbour style',
      [{ id: 'custom', name: 'Harbour style', description: 'Made for your plans alone.' }],
    ],
  ])('offers %s', (_what, customTemplateName, templates) => {
    expect(customTemplatesOf({ customTemplateName })).toEqual(templates);
  });
});
