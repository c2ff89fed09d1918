import { Injectable } from '@nestjs/common';
import type { SubscriptionChangedV1 } from '@tourly/contracts';
import type { Queryable } from '@tourly/platform';
import { planInForce, type ProviderPlan } from './plans.rules';
import { ProviderPlansRepository, type Announced } from './provider-plans.repository';

export { PUBLISHING_NEEDS_PLAN, quotaFull, type ProviderPlan } from './plans.rules';
export type { Announced } from './provider-plans.repository';

/**
 * Each provider's plan as billing announced it (`billing.subscription.changed.v1`): what publishing and the
 * premium-tour quota follow. Until billing says otherwise a provider is on the free plan. An older change never
 * overwrites a newer one: changes are ordered by the provider's subscription version billing puts in each (its
 * database's order, under the provider's lock), never by `occurred_at`, a billing process's clock. A change without a
 * version (published before billing had them) is older than any with one; among themselves such changes keep their
 * old order, by when billing announced them, then by the event's id.
 */
@Injectable()
export class Plans {
  constructor(private readonly plans: ProviderPlansRepository) {}

  async of(providerId: string, tx?: Queryable): Promise<ProviderPlan> {
    return planInForce(await this.plans.find(providerId, tx));
  }

  /**
   * Records a plan change unless a later one is already recorded. True when this change is now the plan in force;
   * false for one older than what is recorded (a redelivery after a retry, a stale version arriving late), which
   * changes nothing.
   */
  apply(change: SubscriptionChangedV1, announced: Announced, tx: Queryable): Promise<boolean> {
    return this.plans.record(tx, change, announced);
  }
}
