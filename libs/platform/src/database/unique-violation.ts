/** Whether a query failed with this PostgreSQL error code, as TypeORM reports it. */
function failedWith(error: unknown, code: string): boolean {
  if (!(error instanceof Error) || !('driverError' in error)) return false;
  const driverError = error.driverError;
  return (
    typeof driverError === 'object' &&
    driverError !== null &&
    'code' in driverError &&
    driverError.code === code
  );
}

/** Whether a query failed on a unique index or constraint (PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return failedWith(error, '23505');
}

/** Whether a query failed on an exclusion constraint (PostgreSQL's 23P01): two rows that may not overlap would. */
export function isExclusionViolation(error: unknown): boolean {
  return failedWith(error, '23P01');
}
