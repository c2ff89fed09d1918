import { GUIDED_MESSAGES, stopFilter, stopsPage } from './guided-stops.rules';

const stop = (title: string, text = '', narrated = false) => ({
  title,
  text,
  audioFile: narrated ? { id: 'a' } : null,
});
const stops = [
  stop('Entrance', 'The front door', true),
  stop('Kitchen', 'Granite benches'),
  stop('Lounge', 'North-facing, the kitchen beside', true),
];
const query = (page: number, pageSize: number, search?: string) => ({
  page,
  pageSize,
  offset: (page - 1) * pageSize,
  search,
});

describe('guided tour stops for visitors', () => {
  it.each([
    ['everything, in order', query(1, 20), {}, ['Entrance', 'Kitchen', 'Lounge'], 3, 1],
    ['a search in titles and texts, any case', query(1, 20, ' KITCHEN'), {}, ['Kitchen', 'Lounge'], 2, 1],
    ['narrated ones', query(1, 20), { narrated: true }, ['Entrance', 'Lounge'], 2, 1],
    ['silent ones', query(1, 20), { narrated: false }, ['Kitchen'], 1, 1],
    ['the second page', query(2, 2), {}, ['Lounge'], 3, 2],
    ['a page past the end', query(3, 2), {}, [], 3, 2],
  ])('%s', (_name, given, filter, titles, totalCount, totalPages) => {
    const page = stopsPage(stops, given, filter);
    expect(page.items.map((item) => item.title)).toEqual(titles);
    expect(page).toMatchObject({ currentPage: given.page, totalCount, totalPages });
  });

  it.each([
    [undefined, {}],
    [{}, {}],
    [{ narrated: 'true' }, { narrated: true }],
    [{ narrated: 'false' }, { narrated: false }],
    [
      { narrated: 'yes' },
      { refusal: { field: 'filters.narrated', message: GUIDED_MESSAGES.narratedFilter } },
    ],
    [
      { narrated: ['true'] },
      { refusal: { field: 'filters.narrated', message: GUIDED_MESSAGES.narratedFilter } },
    ],
    [{ room: 'kitchen' }, {}],
  ])('filters %j', (filters, read) => {
    expect(stopFilter(filters)).toEqual(read);
  });
});
