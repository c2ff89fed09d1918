import { pageWithTotal } from '../src/http/pagination';

const query = (page: number) => ({ page, pageSize: 2, offset: (page - 1) * 2 });

describe('pageWithTotal', () => {
  it('takes the total from the rows, and drops it from the items', async () => {
    const countAll = jest.fn(async () => 99);
    const page = await pageWithTotal(
      [
        { id: 'a', total: 5 },
        { id: 'b', total: 5 },
      ],
      query(1),
      countAll,
    );
    expect(page).toEqual({ items: [{ id: 'a' }, { id: 'b' }], currentPage: 1, totalPages: 3, totalCount: 5 });
    expect(countAll).not.toHaveBeenCalled();
  });

  it('answers an empty first page with none at all, without counting', async () => {
    const countAll = jest.fn(async () => 99);
    expect(await pageWithTotal([], query(1), countAll)).toMatchObject({
      items: [],
      totalCount: 0,
      totalPages: 0,
    });
    expect(countAll).not.toHaveBeenCalled();
  });

  it('counts on its own only for a page past the end', async () => {
    const page = await pageWithTotal([], query(4), async () => 5);
    expect(page).toEqual({ items: [], currentPage: 4, totalPages: 3, totalCount: 5 });
  });
});
