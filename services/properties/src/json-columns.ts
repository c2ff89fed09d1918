/**
 * An object type as a jsonb column holds it, to narrow the column's generated `Json` with `Narrow`/`Narrowed`: the
 * same shape, as a type whose members are checked against `Json` one by one. An interface is not assignable to
 * pgtyped's `Json` (whose objects have an index signature) even when every member is JSON; `Partial<T>` and
 * `Record<K, V>` are, and need no wrapping.
 */
export type JsonShaped<T> = T extends object ? { [K in keyof T]: JsonShaped<T[K]> } : T;
