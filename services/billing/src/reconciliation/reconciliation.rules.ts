/** Whether a refresh changed the copy: a reconciliation repair (compared as JSON, dates included). */
export const differs = (before: unknown, after: unknown): boolean =>
  JSON.stringify(before) !== JSON.stringify(after);
