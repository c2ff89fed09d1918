/** `cellSx` for a DataTable column of short values (dates, amounts, chips, buttons): kept on one line. */
export const oneLine = () => ({ whiteSpace: 'nowrap' }) as const;
