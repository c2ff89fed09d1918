import { Injectable } from '@nestjs/common';
import type {
  MembershipRole,
  ProductCode,
  SubscriptionChangedV1,
  SubscriptionStatus,
} from '@tourly/contracts';
import { Database, type EntityManager } from '@tourly/platform';
import { publishingPermissions, type PublishingPermissions } from './plan-features';

export interface AccountPermissions {
  role: MembershipRole;
  manageBilling: boolean;
  manageUsers: boolean;
  manageSettings: boolean;
  manageProperties: boolean;
  viewProperties: boolean;
}

/** What a role may do in its provider. Client users see what is shared with them, and nothing else. */
const ACCOUNT: Record<MembershipRole, Omit<AccountPermissions, 'role'>> = {
  admin: {
    manageBilling: true,
    manageUsers: true,
    manageSettings: true,
    manageProperties: true,
    viewProperties: true,
  },
  member: {
    manageBilling: false,
    manageUsers: false,
    manageSettings: false,
    manageProperties: true,
    viewProperties: true,
  },
  scan_technician: {
    manageBilling: false,
    manageUsers: false,
    manageSettings: false,
    manageProperties: true,
    viewProperties: true,
  },
  client_user: {
    manageBilling: false,
    manageUsers: false,
    manageSettings: false,
    manageProperties: false,
    viewProperties: true,
  },
};

@Injectable()
export class PermissionsService {
  constructor(private readonly db: Database) {}

  account(role: MembershipRole): AccountPermissions {
    return { role, ...ACCOUNT[role] };
  }

  async publishing(providerId: string): Promise<PublishingPermissions> {
    const [plan] = (await this.db.dataSource.query(
      `SELECT product_code AS "productCode", status, premium_tour_limit AS "premiumTourLimit"
         FROM provider_plans WHERE provider_id = $1`,
      [providerId],
    )) as Array<{ productCode: ProductCode; status: SubscriptionStatus; premiumTourLimit: number | null }>;
    return plan
      ? publishingPermissions(plan.productCode, plan.status, plan.premiumTourLimit)
      : publishingPermissions('free_tier_plan', null, 0);
  }

  /** Creator Studio (staging, custom tags, audio...) comes with the Creator and Pro plans. */
  async creatorStudio(providerId: string): Promise<{ enabled: boolean }> {
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
    const version =
      typeof change.version === 'number' && Number.isSafeInteger(change.version) ? change.version : null;
    await tx.query(
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at, plan_version)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (provider_id) DO UPDATE SET product_code = excluded.product_code, status = excluded.status,
         premium_tour_limit = excluded.premium_tour_limit, changed_at = excluded.changed_at,
         plan_version = excluded.plan_version
       WHERE CASE WHEN excluded.plan_version IS NOT NULL
                  THEN coalesce(provider_plans.plan_version, 0) < excluded.plan_version
                  ELSE provider_plans.plan_version IS NULL AND provider_plans.changed_at <= excluded.changed_at END`,
      [change.providerId, change.productCode, change.status, change.premiumTourLimit, occurredAt, version],
    );
  }
}
