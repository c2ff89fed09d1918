import { ROUTE_OWNERS } from '@tourly/contracts';

describe('route ownership table', () => {
  it('never lists a pattern twice', () => {
    const patterns = ROUTE_OWNERS.map(([pattern]) => pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('uses only absolute patterns', () => {
    for (const [pattern] of ROUTE_OWNERS) expect(pattern).toMatch(/^\/[^\s]*$/);
  });
});
