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
import { ErrorBoundary } from '../../../shared/ErrorBoundary';
import { useLoad } from '../../../shared/useLoad';
import { fetchAccountPermissions, type AccountPermissions } from '../settings/api';
import { fetchSubscription, type Subscription } from './api';
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
  /** Asks the server again past the browser's five-minute cache: after any change. */
  refresh(): Promise<Subscription | undefined>;
  /** Takes the subscription a change answered with, then refreshes the cached copy. */
  update(subscription: Subscription): void;
  /** Opens the plan upgrade modal (000 §2) over the page. */
  openUpgrade(): void;
}

const BillingContext = createContext<BillingState | null>(null);

/**
 * The provider's subscription and permissions for every provider page (the banners, the account menu, the billing
 * page), loaded once per page load, and the plan upgrade modal they open. `enabled` is false until the session is
 * known and for users outside the provider side, who have no subscription to read.
 */
export function BillingProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const subscription = useLoad(
    (signal) => (enabled ? fetchSubscription({ signal }) : Promise.resolve(undefined)),
    [enabled],
  );
  const permissions = useLoad(
    (signal) => (enabled ? fetchAccountPermissions(signal) : Promise.resolve(undefined)),
    [enabled],
  );
  const [upgrading, setUpgrading] = useState(false);
  const { setData } = subscription;

  const refresh = useCallback(async () => {
    try {
      const fresh = await fetchSubscription({ fresh: true });
      setData(fresh);
      return fresh ?? LEGACY_PLAN;
    } catch {
      return undefined;
    }
  }, [setData]);

  const update = useCallback(
    (changed: Subscription) => {
      setData(changed);
      void refresh();
    },
    [setData, refresh],
  );

  const openUpgrade = useCallback(() => setUpgrading(true), []);
  const legacy = subscription.data === null;
  const current = legacy ? LEGACY_PLAN : (subscription.data ?? undefined);
  const loadError = subscription.error ?? permissions.error;
  const state = useMemo<BillingState>(
    () => ({
      available: enabled,
      subscription: current,
      legacy,
      permissions: permissions.data,
      loadError,
      canManageBilling: permissions.data?.manageBilling ?? false,
      refresh,
      update,
      openUpgrade,
    }),
    [enabled, current, legacy, permissions.data, loadError, refresh, update, openUpgrade],
  );

  return (
    <BillingContext value={state}>
      {children}
      {upgrading && current && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <PlanUpgradeModal
              current={current}
              legacy={legacy}
              onChanged={update}
              onClose={() => setUpgrading(false)}
            />
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
