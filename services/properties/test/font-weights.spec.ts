import { defaultTourLayers, FONT_WEIGHTS, type OverlayItem, type TourLayers } from '@tourly/contracts';
import { toSnakeKeys, uuidv7 } from '@tourly/platform';
import { FontWeights1765440000000 } from '../src/migrations/1765440000000-font-weights';
import { aProperty } from './media-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

const TEMPLATES = '/provider/virtual_tours/overlay_templates';
const wire = (layers: TourLayers) => toSnakeKeys<Record<string, unknown>>(layers);
const title = (layers: TourLayers) =>
  layers.overlay.top.columns[0].find((item) => item.type === 'property-title') as Extract<
    OverlayItem,
    { type: 'property-title' }
  >;

/**
 * Issue 34, fonts: a font's weight is one of the spec's four (300, 400, 700, 900). The migration moves every stored
 * Medium 500 to 400 and Semibold 600 to 700 (a tour's draft and published layers, the overlay templates); the API
 * refuses any other weight in its words, changing nothing.
 */
describe('font weights', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let tour: string;

  beforeAll(async () => {
    it_ = await startProperties();
    provider = await it_.signUp('Font Keeper');
    const propertyId = await aProperty(provider, 'Typeface House');
    const link = await provider.get(`/provider/properties/${propertyId}/player_link`);
    tour = `/provider/virtual_tours/${link.body.data.virtual_tour.id}`;
  });
  afterAll(() => it_.stop());

  it('takes the spec’s four weights and a web font; refuses a retired weight, changing nothing', async () => {
    const layers = defaultTourLayers();
    title(layers).font = { family: 'lato', weight: 900, color: '#222222' };
    layers.overlay.menu.font = { family: 'merriweather', weight: 300, color: '#ffffff' };
    const saved = await provider.send('put', `${tour}/draft`, { draft: { state: wire(layers) } });
    expect(saved.status).toBe(200);
    const before = (await provider.get(`${tour}/draft`)).body.data.state;
    expect(before).toEqual(wire(layers));

    const retired = wire(layers) as { overlay: { menu: { font: Record<string, unknown> } } };
    retired.overlay.menu.font = { family: 'system', weight: 500, color: '#ffffff' };
    const refused = await provider.send('put', `${tour}/draft`, { draft: { state: retired } });
    expect([refused.status, refused.body]).toEqual([
      422,
      { errors: { 'draft.state.overlay.menu.font.weight': [`must be one of: ${FONT_WEIGHTS.join(', ')}`] } },
    ]);
    const unknownFamily = wire(layers) as typeof retired;
    unknownFamily.overlay.menu.font = { family: 'comic-sans', weight: 400, color: '#ffffff' };
    const badFamily = await provider.send('put', `${tour}/draft`, { draft: { state: unknownFamily } });
    expect(badFamily.status).toBe(422);
    expect(Object.keys(badFamily.body.errors)).toEqual(['draft.state.overlay.menu.font.family']);
    expect((await provider.get(`${tour}/draft`)).body.data.state).toEqual(before);
  });

  it('moves every stored 500 to 400 and 600 to 700: draft, published layers and overlay templates', async () => {
    const db = it_.propertiesDb.dataSource;
    const tourId = tour.split('/').pop()!;
    // Layers as stored before the spec's weights: a title at 600, the menu at 500; the published ones the other way.
    const old = (titleWeight: number, menuWeight: number) => {
      const layers = defaultTourLayers();
      const stored = (font: object, weight: number) => Object.assign(font, { weight });
      stored(title(layers).font, titleWeight);
      stored(layers.overlay.menu.font, menuWeight);
      return layers;
    };
    await db.query('UPDATE virtual_tours SET draft = $2::jsonb, published = $3::jsonb WHERE id = $1', [
      tourId,
      JSON.stringify(old(600, 500)),
      JSON.stringify(old(500, 600)),
    ]);
    const templateId = uuidv7();
    await db.query(
      `INSERT INTO overlay_templates (id, provider_id, name, search_text, overlay)
       VALUES ($1, $2, 'Old weights', 'old weights', $3::jsonb)`,
      [templateId, provider.providerId, JSON.stringify(old(600, 500).overlay)],
    );

    const runner = db.createQueryRunner();
    try {
      await new FontWeights1765440000000().up(runner);
    } finally {
      await runner.release();
    }

    const expected = (titleWeight: 300 | 400 | 700 | 900, menuWeight: 300 | 400 | 700 | 900) => {
      const layers = defaultTourLayers();
      title(layers).font.weight = titleWeight;
      layers.overlay.menu.font.weight = menuWeight;
      return layers;
    };
    const state = (await provider.get(`${tour}/draft`)).body.data;
    expect(state.state).toEqual(wire(expected(700, 400)));
    expect(state.published).toEqual(wire(expected(400, 700)));
    const template = (await provider.get(TEMPLATES)).body.data.items.find(
      (row: { id: string }) => row.id === templateId,
    );
    expect(template.overlay).toEqual(wire(expected(700, 400)).overlay);
  });
});
