import type { SubscriptionStatus } from '@tourly/contracts';
import { GOOD_STANDING } from '../subscriptions/subscriptions.rules';
import type { ImmersiveExtensionResponse } from './immersive-extensions.dto';
import type { ExtensionRow } from './immersive-extensions.repository';

/** Set on each extension's Stripe subscription, so that its webhooks never reach the plan's projection. */
export const EXTENSION_KIND = 'immersive_extension';

/** The subscription pays for the tour: active, trialing, or past due inside the payment window. */
export const paysForTour = (status: SubscriptionStatus): boolean => GOOD_STANDING.includes(status);

/** Whether a Stripe subscription's metadata marks it as an extension. */
export const markedAsExtension = (metadata: Record<string, string> | null | undefined): boolean =>
  metadata?.kind === EXTENSION_KIND;

export function extensionOf(row: ExtensionRow): ImmersiveExtensionResponse {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyTitle: row.propertyTitle,
    status: row.status,
    active: paysForTour(row.status),
    amountInCents: row.amount,
    currency: row.currency,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
