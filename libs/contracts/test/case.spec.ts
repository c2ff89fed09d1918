import { toCamelCase, toSnakeCase } from '@tourly/contracts';
import { CASE_EXAMPLES } from './case-examples';

describe('the wire case rule', () => {
  it.each(CASE_EXAMPLES)('%s in code is %s on the wire, and back', (camel, snake) => {
    expect(toSnakeCase(camel)).toBe(snake);
    expect(toCamelCase(snake)).toBe(camel);
  });

  it('keeps an address line with a digit apart from the one without: each comes back as it went', () => {
    expect(toSnakeCase(toCamelCase('line_1'))).toBe('line_1');
    expect(toSnakeCase(toCamelCase('line1'))).toBe('line1');
    expect(toCamelCase('address_line_2')).not.toBe(toCamelCase('address_line2'));
  });

  it('reads a capital at the start as the first letter of a word, not as a break', () => {
    expect(toSnakeCase('Kitchen')).toBe('kitchen');
  });

  it('lowercases a key that is no identifier, such as a header a presigned upload must send, without breaking it', () => {
    expect(toSnakeCase('Content-Type')).toBe('content-type');
    expect(toSnakeCase('x-amz-Meta')).toBe('x-amz-meta');
  });
});
