import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '../../../shared/ErrorBoundary';
import type { AccountPermissions } from '../settings/api';
import { useAccountPermissionsQuery } from '../settings/queries';
import type { Subscription } from './api';
import { fetchFreshSubscription, useSubscriptionQuery } from './queries';
import { LEGACY_PLAN } from './rules';

// Stripe Elements and the plan grid load when the modal first opens, not with every provider page.
const PlanUpgradeModal = lazy(() => import('./components/PlanUpgradeModal'));

export interface BillingState {
  /** False for users outside a provider's side (staff, client users): they have no billing to read. */
  available: boolean;
  /**
   * The current subscription; undefined while loading, or when it cannot be read (quietly: banners only). On a
   * legacy plan, LEGACY_PLAN (the free plan's limits, no plan chosen).
   */
  subscription: Subscription | undefined;
  /** No subscription and no plan chosen (000 §4): the legacy banner, and every plan to choose from. */
  legacy: boolean;
  permissions: AccountPermissions | undefined;
  /** Why the subscription or the permissions could not be read (the banners stay quiet; the billing page says). */
  loadError: unknown;
  canManageBilling: boolean;
  /** Asks the server again past the five-minute caches (while waiting for Stripe's events to reach billing). */
  refresh(): Promise<Subscription | undefined>;
  /** Opens the plan upgrade modal (000 §2) over the page. */
  openUpgrade(): void;
}

const BillingContext = createContext<BillingState | null>(null);

/**
 * The provider's subscription and permissions for every provider page (the banners, the account menu, the billing
 * page), kept five minutes (000 §7; every change refreshes it: billing's `queries.ts`), and the plan upgrade modal
 * they open. `enabled` is false until the session is known and for users outside the provider side, who have no
 * subscription to read.
 */
export function BillingProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const client = useQueryClient();
  const subscription = useSubscriptionQuery(enabled);
  const permissions = useAccountPermissionsQuery(enabled);
  const [upgrading, setUpgrading] = useState(false);

  const refresh = useCallback(async () => {
    try {
      return (await fetchFreshSubscription(client)) ?? LEGACY_PLAN;
    } catch {
      return undefined;
    }
  }, [client]);

  const openUpgrade = useCallback(() => setUpgrading(true), []);
  const legacy = subscription.data === null;
  const current = legacy ? LEGACY_PLAN : (subscription.data ?? undefined);
  // A failed first read; a later one (asking again after a change) keeps what was read before, quietly.
  const loadError =
    (subscription.data === undefined ? subscription.error : null) ??
    (permissions.data === undefined ? permissions.error : null);
  const state = useMemo<BillingState>(
    () => ({
      available: enabled,
      subscription: current,
      legacy,
      permissions: permissions.data,
      loadError,
      canManageBilling: permissions.data?.manageBilling ?? false,
      refresh,
      openUpgrade,
    }),
    [enabled, current, legacy, permissions.data, loadError, refresh, openUpgrade],
  );

  return (
    <BillingContext value={state}>
      {children}
      {upgrading && current && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <PlanUpgradeModal current={current} legacy={legacy} onClose={() => setUpgrading(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </BillingContext>
  );
}

export function useBilling(): BillingState {
  const state = useContext(BillingContext);
  if (!state) throw new Error('useBilling needs a BillingProvider above it');
  return state;
}
