/** `cellSx` for a DataTable column of short values (dates, amounts, chips, buttons): kept on one line. */
export const oneLine = () => ({ whiteSpace: 'nowrap' }) as const;

/** `cellSx` for a column of long unbroken values (URLs): wrapped anywhere rather than widening the table. */
export const wrapAnywhere = () => ({ overflowWrap: 'anywhere' }) as const;
