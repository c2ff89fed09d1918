import { Inject, Injectable } from '@nestjs/common';
import type { ImmersiveExtensionChangedV1, SubscriptionDowngradedV1 } from '@tourly/contracts';
import { Database, EventBus } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { Plans } from '../plans/plans';

export interface TourToDeactivate {
  id: string;
  title: string;
  premiumSince: string;
}

/**
 * The premium-tour quota on a downgrade (000 §4): the oldest premium tours beyond the new limit turn basic,
 * the newest keep their place. The same rule answers the preview the downgrade modal shows. Tours paid on their
 * own are outside the quota: a downgrade leaves them premium.
 */
@Injectable()
export class PremiumToursService {
  constructor(
    private readonly db: Database,
    private readonly plans: Plans,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /** Exactly which tours a limit of `limit` would turn basic, oldest first. */
  async deactivationPreview(
    providerId: string,
    limit: number,
  ): Promise<{ limit: number; tours: TourToDeactivate[] }> {
    const rows = await this.beyond(this.db.dataSource.manager, providerId, limit, false);
    return { limit, tours: rows };
  }

  /**
   * Applies a downgrade in one transaction. Idempotent: once the premium tours fit the limit, a redelivery
   * finds nothing beyond it, changes nothing and announces nothing.
   */
  async applyDowngrade(
    event: SubscriptionDowngradedV1,
    occurredAt: string,
    tx: EntityManager,
  ): Promise<string[]> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`quota:${event.providerId}`]);
    // A plan change newer than this downgrade (an upgrade right after, say) decides instead.
    const limit = await this.plans.limitSince(event.providerId, occurredAt, event.premiumTourLimit, tx);
    if (limit === null) return [];
    const tours = await this.beyond(tx, event.providerId, limit, true);
    if (tours.length === 0) return [];
    const ids = tours.map((tour) => tour.id);
    await tx.query(
      `UPDATE properties SET premium = false, premium_since = NULL, updated_at = now()
        WHERE provider_id = $1 AND id = ANY($2::uuid[])`,
      [event.providerId, ids],
    );
    await this.events.publish(
      'properties.tours.deactivated.v1',
      { providerId: event.providerId, propertyIds: ids },
      tx,
    );
    return ids;
  }

  /**
   * A premium tour paid on its own, as billing last said. Paid (a payment confirmed after 3-D Secure, perhaps
   * after the person left the page): the tour is premium outside the quota. No longer paid (unpaid, cancelled,
   * expired): the tour it paid for turns basic, like a downgrade's, and `properties.tours.deactivated.v1` says
   * so. `incomplete` (awaiting 3-D Secure) is no word on a tour: it was never premium by it. Redelivered, or older
   * than billing's last word on the tour: nothing changes.
   */
  async applyExtensionChange(
    event: ImmersiveExtensionChangedV1,
    occurredAt: string,
    tx: EntityManager,
  ): Promise<void> {
    const { providerId, propertyId, extensionId } = event;
    if (!event.active && event.status === 'incomplete') return;
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`quota:${providerId}`]);
    const newer = `provider_id = $1 AND id = $2 AND (immex_changed_at IS NULL OR immex_changed_at < $4)`;
    if (event.active) {
      await tx.query(
        `UPDATE properties SET premium = true, premium_since = coalesce(premium_since, now()),
           immex_subscription_id = $3, immex_changed_at = $4, updated_at = now()
         WHERE ${newer} AND deleted_at IS NULL`,
        [providerId, propertyId, extensionId, occurredAt],
      );
      return;
    }
    const ended = (await tx.query(
      `WITH ended AS (
         UPDATE properties SET premium = false, premium_since = NULL, immex_subscription_id = NULL,
           immex_changed_at = $4, updated_at = now()
          WHERE ${newer} AND immex_subscription_id = $3 RETURNING id)
       SELECT id FROM ended`,
      [providerId, propertyId, extensionId, occurredAt],
    )) as Array<{ id: string }>;
    if (ended.length === 0) return;
    await this.events.publish(
      'properties.tours.deactivated.v1',
      { providerId, propertyIds: [propertyId] },
      tx,
    );
  }

  private async beyond(tx: EntityManager, providerId: string, limit: number, lock: boolean) {
    const rows = (await tx.query(
      `SELECT id, title, premium_since AS "premiumSince" FROM properties
        WHERE provider_id = $1 AND premium AND immex_subscription_id IS NULL AND deleted_at IS NULL
        ORDER BY premium_since DESC, id DESC OFFSET $2 ${lock ? 'FOR UPDATE' : ''}`,
      [providerId, limit],
    )) as Array<{ id: string; title: string; premiumSince: Date }>;
    return rows
      .map((row) => ({ id: row.id, title: row.title, premiumSince: row.premiumSince.toISOString() }))
      .sort((a, b) => a.premiumSince.localeCompare(b.premiumSince));
  }
}
