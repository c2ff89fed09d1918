import { describe, expect, it } from '@jest/globals';
import { CASE_EXAMPLES } from '../../../libs/contracts/test/case-examples';
import { toCamelCaseKeys, toSnakeCaseKeys } from './caseConversion';

describe("the web client converts keys by the services' wire rule", () => {
  it.each(CASE_EXAMPLES)(
    'reads %s from %s in a nested answer, and sends it back as it came',
    (camel, snake) => {
      const wire = { address: { [snake]: 'x' }, lines: [{ [snake]: 1 }] };
      const code = toCamelCaseKeys(wire);
      expect(code).toEqual({ address: { [camel]: 'x' }, lines: [{ [camel]: 1 }] });
      expect(toSnakeCaseKeys(code)).toEqual(wire);
    },
  );
});
