import { isDeepStrictEqual } from 'node:util';

/** A record's fields as an administrator's change found them and left them (null: there was none). */
export interface FieldChanges {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The fields a change touched, as they were and as they are: only those whose value differs (a record that did not
 * exist before: all of its fields after). Null when nothing differs: a change that changes nothing is not recorded.
 */
export function changedFields<Fields extends object>(
  before: Fields | null,
  after: Fields | null,
): FieldChanges | null {
  const was = before as Record<string, unknown> | null;
  const is = after as Record<string, unknown> | null;
  if (was === null || is === null) return was === is ? null : { before: was, after: is };
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter(
    (key) => !isDeepStrictEqual(was[key], is[key]),
  );
  if (keys.length === 0) return null;
  const pick = (record: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, record[key] ?? null]));
  return { before: pick(was), after: pick(is) };
}
