/** Whole seconds from one time to another. */
export function secondsBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 1000);
}

/**
 * When an impersonation ended, as the audit log tells it: when it was stopped, else when it expired if that has
 * passed, else not yet.
 */
export function endOf(impersonation: { stoppedAt: Date | null; expiresAt: Date }, now: Date): Date | null {
  return (
    impersonation.stoppedAt ??
    (impersonation.expiresAt.getTime() <= now.getTime() ? impersonation.expiresAt : null)
  );
}
