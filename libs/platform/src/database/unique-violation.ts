/** Whether a query failed on a unique index or constraint (PostgreSQL's 23505), as TypeORM reports it. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('driverError' in error)) return false;
  const driverError = error.driverError;
  return (
    typeof driverError === 'object' &&
    driverError !== null &&
    'code' in driverError &&
    driverError.code === '23505'
  );
}
