import * as qs from 'qs';
import { invalidParam, missingParam } from './errors';

export type RawParams = Record<string, unknown>;

/** Stripe's nested form encoding (`items[0][price]=…`, `metadata[k]=v`, `expand[]=…`). */
export function parseNested(text: string): RawParams {
  return qs.parse(text, { arrayLimit: 1000, depth: 12, parameterLimit: 10_000 }) as RawParams;
}

type Scalar = string | number | boolean;

/**
 * Typed access to request parameters, naming nested ones the way Stripe does in its errors
 * (`items[0][price]`). Form values are strings; JSON values may be numbers or booleans, both accepted.
 */
export class Params {
  constructor(
    readonly raw: RawParams,
    private readonly prefix = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  /** Present and set to the empty string: Stripe's way to unset (`metadata=`, `discounts=`). */
  isEmpty(key: string): boolean {
    return this.raw[key] === '';
  }

  private scalar(key: string): Scalar | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    throw invalidParam(`Invalid ${this.name(key)}: expected a single value.`, this.name(key));
  }

  str(key: string): string | undefined {
    const value = this.scalar(key);
    return value === undefined ? undefined : String(value);
  }

  reqStr(key: string): string {
    const value = this.str(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  /** A string that may be cleared with '' (returns null then). */
  nullableStr(key: string): string | null | undefined {
    const value = this.str(key);
    if (value === undefined) return undefined;
    return value === '' ? null : value;
  }

  int(key: string): number | undefined {
    const value = this.scalar(key);
    if (value === undefined || value === '') return undefined;
    const text = String(value);
    if (!/^-?\d+$/.test(text)) {
      throw invalidParam(`Invalid integer: ${text}`, this.name(key), 'parameter_invalid_integer');
    }
    return Number(text);
  }

  reqInt(key: string): number {
    const value = this.int(key);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  num(key: string): number | undefined {
    const value = this.scalar(key);
    if (value === undefined || value === '') return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw invalidParam(`Invalid decimal: ${String(value)}`, this.name(key));
    return parsed;
  }

  bool(key: string): boolean | undefined {
    const value = this.scalar(key);
    if (value === undefined || value === '') return undefined;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw invalidParam(`Invalid boolean: ${String(value)}`, this.name(key));
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidParam(`Invalid ${this.name(key)}: must be one of ${values.join(', ')}`, this.name(key));
    }
    return value as T;
  }

  /** A timestamp, or 'now' when allowed. */
  timeOrNow(key: string): number | 'now' | undefined {
    if (this.str(key) === 'now') return 'now';
    return this.int(key);
  }

  obj(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidParam(`Invalid object`, this.name(key));
    }
    return new Params(value as RawParams, this.name(key));
  }

  /** An array of objects: `items[0][price]`. '' gives [] (Stripe's Emptyable). */
  list(key: string): Params[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    const entries = arrayEntries(value);
    if (!entries) throw invalidParam(`Invalid array`, this.name(key));
    return entries.map(([index, entry]) => {
      if (typeof entry !== 'object' || entry === null)
        throw invalidParam(`Invalid object`, `${this.name(key)}[${index}]`);
      return new Params(entry as RawParams, `${this.name(key)}[${index}]`);
    });
  }

  strList(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (typeof value === 'string') return [value];
    const entries = arrayEntries(value);
    if (!entries) throw invalidParam(`Invalid array`, this.name(key));
    return entries.map(([, entry]) => String(entry));
  }

  /** `metadata[k]=v`; '' as a whole clears (null), '' as a value removes that key on update. */
  metadata(key = 'metadata'): Record<string, string> | null | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidParam('Invalid object', this.name(key));
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  }
}

function arrayEntries(value: unknown): Array<[string, unknown]> | undefined {
  if (Array.isArray(value)) return value.map((entry, index) => [String(index), entry]);
  if (typeof value === 'object' && value !== null && Object.keys(value).every((k) => /^\d+$/.test(k))) {
    return Object.entries(value).sort(([a], [b]) => Number(a) - Number(b));
  }
  return undefined;
}

/** Merges metadata the way Stripe's update calls do. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
