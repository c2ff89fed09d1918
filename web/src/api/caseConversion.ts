/** Wire keys are snake_case, TypeScript keys camelCase: these convert at the edge, in one place. */

export function toSnakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function toCamelCase(key: string): string {
  // A leading underscore is part of the name (`_destroy`), not a word break.
  return key.replace(/_([a-z])/g, (match, letter: string, offset: number) =>
    offset === 0 ? match : letter.toUpperCase(),
  );
}

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
