import { toCamelKeys, toSnakeKeys } from '@tourly/platform';
import { CASE_EXAMPLES } from '../../contracts/test/case-examples';

describe("the services' edge converts keys by the wire rule", () => {
  it.each(CASE_EXAMPLES)('reads %s from %s in a nested body, and answers it as it came', (camel, snake) => {
    const wire = { address: { [snake]: 'x' }, lines: [{ [snake]: 1 }] };
    const code = toCamelKeys<Record<string, unknown>>(wire);
    expect(code).toEqual({ address: { [camel]: 'x' }, lines: [{ [camel]: 1 }] });
    expect(toSnakeKeys(code)).toEqual(wire);
  });
});
