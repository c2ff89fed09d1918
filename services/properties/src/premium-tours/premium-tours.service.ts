import { Inject, Injectable } from '@nestjs/common';
import {
  PLANS,
  type ImmersiveExtensionChangedV1,
  type PlanChangeReview,
  type ProductCode,
  type SubscriptionChangedV1,
} from '@tourly/contracts';
import { Database, EventBus, type Queryable } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { billingVersion } from '../plans/billing-versions';
import { Plans, type Announced } from '../plans/plans';
import { planInForce } from '../plans/plans.rules';
import { PropertiesRepository } from '../properties/properties.repository';
import { oldestFirst, reviewOf } from './premium-tours.rules';

export interface Withdrawn {
  tourPropertyIds: string[];
  websitePropertyIds: string[];
}

export interface TourToDeactivate {
  id: string;
  title: string;
  premiumSince: string;
}

/**
 * The plan's rules on the provider's tours. On a downgrade (000 §4) the oldest premium tours beyond the new limit
 * turn basic, the newest keep their place; the same rule answers the preview the downgrade modal shows. Tours paid
 * on their own are outside the quota: a downgrade leaves them premium. On the free plan (000 §1, §6: it cannot publish
 * or share) nothing stays shared or published.
 */
@Injectable()
export class PremiumToursService {
  constructor(
    private readonly db: Database,
    private readonly properties: PropertiesRepository,
    private readonly plans: Plans,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /** Exactly which tours a limit of `limit` would turn basic, oldest first. */
  async deactivationPreview(
    providerId: string,
    limit: number,
  ): Promise<{ limit: number; tours: TourToDeactivate[] }> {
    const rows = await this.beyond(this.db.dataSource, providerId, limit, false);
    return { limit, tours: rows };
  }

  /**
   * What `productCode` would stop if it came into force now (billing's plan change review, request-reply): the same
   * rules `applyPlanChange` applies, read without locking anything.
   */
  async review(providerId: string, productCode: ProductCode): Promise<PlanChangeReview> {
    const plan = planInForce({
      productCode,
      status: 'active',
      premiumTourLimit: PLANS[productCode].premiumTourLimit,
    });
    const db = this.db.dataSource;
    const [beyond, published] = await Promise.all([
      plan.premiumTourLimit === null
        ? []
        : this.properties.premiumBeyond(db, providerId, plan.premiumTourLimit, false),
      plan.canPublish ? [] : this.properties.published(db, providerId, false),
    ]);
    return reviewOf(plan, beyond, published);
  }

  /**
   * A plan change from billing (`billing.subscription.changed.v1`), recorded and enforced in the handler's one
   * transaction, under the provider's publishing lock. The plan in force decides, never the order events come
   * in: the oldest premium tours beyond its limit turn basic (`properties.tours.deactivated.v1`), and a plan that
   * does not publish (the free plan, once a subscription ended) stops serving every shared tour and published
   * website (`properties.publications.withdrawn.v1`, with their titles for the provider's mail, and one
   * `properties.tour.unpublished.v1` per tour and `properties.website.unpublished.v1` per website, as when the person
   * stops sharing one: what webhooks carry). Nothing is published again by a later plan: the person
   * publishes again. A change older than the one recorded changes nothing; once the plan's rules hold, the same
   * plan again finds nothing to do and announces nothing.
   */
  async applyPlanChange(
    change: SubscriptionChangedV1,
    announced: Announced,
    tx: EntityManager,
  ): Promise<{ deactivated: string[]; withdrawn: Withdrawn }> {
    const { providerId } = change;
    const none = { deactivated: [], withdrawn: { tourPropertyIds: [], websitePropertyIds: [] } };
    await this.properties.lockQuota(tx, providerId);
    if (!(await this.plans.apply(change, announced, tx))) return none;
    const plan = await this.plans.of(providerId, tx);
    const deactivated =
      plan.premiumTourLimit === null ? [] : await this.turnBasicBeyond(tx, providerId, plan.premiumTourLimit);
    const withdrawn = plan.canPublish
      ? none.withdrawn
      : await this.withdraw(tx, providerId, plan.productCode);
    return { deactivated, withdrawn };
  }

  /** The oldest premium tours beyond `limit` turn basic, announced in one event; their ids. */
  private async turnBasicBeyond(tx: EntityManager, providerId: string, limit: number): Promise<string[]> {
    const tours = await this.beyond(tx, providerId, limit, true);
    if (tours.length === 0) return [];
    const ids = tours.map((tour) => tour.id);
    await this.properties.turnBasic(tx, providerId, ids);
    await this.events.publish('properties.tours.deactivated.v1', { providerId, propertyIds: ids }, tx);
    return ids;
  }

  /** Every shared tour and published website of the provider stops being served, and each is announced. */
  private async withdraw(
    tx: EntityManager,
    providerId: string,
    productCode: ProductCode,
  ): Promise<Withdrawn> {
    const rows = await this.properties.published(tx, providerId, true);
    const withdrawn = {
      tourPropertyIds: rows.filter((row) => row.tour).map((row) => row.id),
      websitePropertyIds: rows.filter((row) => row.website).map((row) => row.id),
    };
    if (rows.length === 0) return withdrawn;
    await this.properties.unpublish(
      tx,
      providerId,
      rows.map((row) => row.id),
    );
    await this.events.publish(
      'properties.publications.withdrawn.v1',
      {
        providerId,
        productCode,
        ...withdrawn,
        properties: rows.map((row) => ({ propertyId: row.id, title: row.title })),
      },
      tx,
    );
    for (const row of rows) {
      const propertyId = row.id;
      if (row.tour) {
        await this.events.publish(
          'properties.tour.unpublished.v1',
          { providerId, propertyId, premium: row.premium },
          tx,
        );
      }
      if (row.website)
        await this.events.publish('properties.website.unpublished.v1', { providerId, propertyId }, tx);
    }
    return withdrawn;
  }

  /**
   * A premium tour paid on its own, as billing last said. Paid (a payment confirmed after 3-D Secure, perhaps
   * after the person left the page): the tour is premium outside the quota. No longer paid (unpaid, cancelled,
   * expired): the tour it paid for turns basic, like a downgrade's, and `properties.tours.deactivated.v1` says
   * so. `incomplete` (awaiting 3-D Secure) is no word on a tour: it was never premium by it. Billing's words on a
   * tour are ordered by the tour's extension version each carries (`immex_version`, the last applied, from an event
   * or billing's answer to the person's payment or cancellation), never by `occurred_at`: redelivered, or not newer
   * than what is recorded, nothing changes. A change without a version (published before billing had them) is older
   * than any with one; among themselves such changes keep their old order, by `occurred_at` (`immex_changed_at`).
   */
  async applyExtensionChange(
    event: ImmersiveExtensionChangedV1,
    occurredAt: string,
    tx: EntityManager,
  ): Promise<void> {
    const { providerId, propertyId, extensionId } = event;
    if (!event.active && event.status === 'incomplete') return;
    await this.properties.lockQuota(tx, providerId);
    const word = { providerId, propertyId, extensionId, occurredAt, version: billingVersion(event) };
    if (event.active) {
      await this.properties.extensionActive(tx, word);
      return;
    }
    // Not the payment the tour is known by (its start not applied yet, say): still billing's newer word on the tour,
    // recorded so that an older one arriving after it (that start) does not make the tour premium.
    await this.properties.extensionElsewhere(tx, word);
    const ended = await this.properties.extensionEnded(tx, word);
    if (!ended) return;
    await this.events.publish(
      'properties.tours.deactivated.v1',
      { providerId, propertyIds: [propertyId] },
      tx,
    );
  }

  private async beyond(
    tx: Queryable,
    providerId: string,
    limit: number,
    lock: boolean,
  ): Promise<TourToDeactivate[]> {
    return oldestFirst(await this.properties.premiumBeyond(tx, providerId, limit, lock));
  }
}
