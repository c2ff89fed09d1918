import { Injectable } from '@nestjs/common';
import type { MembershipRole, SubscriptionChangedV1 } from '@tourly/contracts';
import type { EntityManager } from '@tourly/platform';
import type {
  AccountPermissionsResponse,
  CreatorStudioResponse,
  PublishingPermissionsResponse,
} from './permissions.dto';
import { accountPermissions, publishingPermissions, versionOf } from './permissions.rules';
import { ProviderPlansRepository } from './provider-plans.repository';

@Injectable()
export class PermissionsService {
  constructor(private readonly plans: ProviderPlansRepository) {}

  account(role: MembershipRole): AccountPermissionsResponse {
    return accountPermissions(role);
  }

  async publishing(providerId: string): Promise<PublishingPermissionsResponse> {
    const plan = await this.plans.ofProvider(providerId);
    return plan
      ? publishingPermissions(plan.productCode, plan.status, plan.premiumTourLimit)
      : publishingPermissions('free_tier_plan', null, 0);
  }

  /** Creator Studio (staging, custom tags, audio...) comes with the Creator and Pro plans. */
  async creatorStudio(providerId: string): Promise<CreatorStudioResponse> {
    const permissions = await this.publishing(providerId);
    return { enabled: permissions.whitelabelDomain };
  }

  /**
   * Keeps the projection of billing's subscription state. Events may arrive out of order: an older change never
   * overwrites a newer one. Changes are ordered by the provider's subscription version billing puts in each (its
   * database's order, under the provider's lock), never by `occurred_at`, a billing process's clock. A change without
   * a version (published before billing had them) is older than any with one; among themselves such changes keep
   * their old order, by `occurred_at`.
   */
  async applySubscriptionChange(
    change: SubscriptionChangedV1,
    occurredAt: string,
    tx: EntityManager,
  ): Promise<void> {
    await this.plans.apply(tx, {
      providerId: change.providerId,
      productCode: change.productCode,
      status: change.status,
      premiumTourLimit: change.premiumTourLimit,
      changedAt: occurredAt,
      version: versionOf(change),
    });
  }
}
