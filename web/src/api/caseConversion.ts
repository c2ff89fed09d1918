import { toCamelCase, toSnakeCase } from '@tourly/contracts';

/**
 * Wire keys are snake_case, TypeScript keys camelCase: these convert at the edge, in one place, by the rule the
 * services convert by too (libs/contracts), so a key comes back to the server as the server sent it.
 */
export { toCamelCase, toSnakeCase };

export function toSnakeCaseKeys(value: unknown): unknown {
  return convertKeys(value, toSnakeCase);
}

export function toCamelCaseKeys(value: unknown): unknown {
  return convertKeys(value, toCamelCase);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// Only plain objects and arrays are walked: Dates, Files, Blobs and class instances are values, not maps.
function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [convert(key), convertKeys(item, convert)]),
  );
}
