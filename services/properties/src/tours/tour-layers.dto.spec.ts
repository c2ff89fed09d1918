import { defaultTourLayers, type MenuEntry, type OverlayItem } from '@tourly/contracts';
import { createValidationPipe, toCamelKeys, toSnakeKeys, ApiError } from '@tourly/platform';
import { TourLayersForm } from './tour-layers.dto';

/** The layers' validation as the API runs it: the wire's snake_case body through the platform's pipe. */
async function errorsOf(body: unknown): Promise<Record<string, string[]>> {
  try {
    await createValidationPipe().transform(toCamelKeys(toSnakeKeys(body)), {
      type: 'body',
      metatype: TourLayersForm,
    });
    return {};
  } catch (error) {
    return (error as ApiError).errors;
  }
}

const layers = defaultTourLayers;
/** An item or entry the types refuse, to send as a client might. */
const item = (value: object) => value as OverlayItem;
const entry = (value: object) => value as MenuEntry;

describe('the layers form', () => {
  it('takes the defaults and keeps every item field by its type', async () => {
    const form = (await createValidationPipe().transform(toCamelKeys(toSnakeKeys(layers())), {
      type: 'body',
      metatype: TourLayersForm,
    })) as TourLayersForm;
    expect(JSON.parse(JSON.stringify(form))).toEqual(defaultTourLayers());
  });

  it('puts item errors on their path', async () => {
    const body = layers();
    body.overlay.top.columns[0][1] = item({ ...body.overlay.top.columns[0][1], size: 'xl' });
    body.overlay.bottom.columns[2] = [
      item({ type: 'logo', size: 'huge', source: 'provider' }),
      item({ type: 'banana' }),
    ];
    expect(await errorsOf(body)).toEqual({
      'overlay.top.columns.0.1.size': ['must be one of: sm, md, lg'],
      'overlay.bottom.columns.2.0.size': ['must be one of: xs, sm, md, lg, xl'],
      'overlay.bottom.columns.2.1.type': ['must be one of: logo, menu-button, property-title'],
    });
  });

  it('refuses a second menu button, bad columns and bad menu entries', async () => {
    const body = layers();
    body.overlay.bottom.columns[1] = [{ type: 'menu-button' }];

    body.menu.entries.push(
      entry({ id: 'x', title: 'X', icon: 'link', type: 'link', url: 'ftp://x', childEntries: [] }),
    );
    body.menu.entries.push(
      entry({ id: 'y', title: 'Y', icon: 'link', type: 'submenu', url: null, childEntries: [] }),
    );
    body.menu.entries.push({
      id: 'z',
      title: 'Z',
      icon: 'link',
      type: 'submenu',
      url: null,
      childEntries: [entry({ id: 'z1', title: 'Z1', icon: 'none', type: 'submenu', url: null })],
    });
    expect(await errorsOf(body)).toEqual({
      'overlay.top': ['may hold one menu button and one property title in the whole overlay'],
      'overlay.bottom': ['may hold one menu button and one property title in the whole overlay'],
      'menu.entries.2.url': ['Invalid URL'],
      'menu.entries.3.child_entries': ['a sub-menu needs at least one entry'],
      'menu.entries.4.child_entries.0.type': ['must be one of: link, contact_form, map'],
    });
    const columns = layers();
    columns.overlay.top.columns = [[], []] as never;
    columns.overlay.bottom.columns = [[1], [], []] as never;
    expect(await errorsOf(columns)).toEqual({
      'overlay.top.columns': ['must be three lists of items (left, middle, right)'],
      'overlay.bottom.columns': ['must list items (objects with a type)'],
    });
  });
});
