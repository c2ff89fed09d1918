import { Inject, Injectable } from '@nestjs/common';
import { LEGACY_PLAN_CUTOFF, PROVIDER_SINCE, type ProviderSince } from '@tourly/contracts';
import { LOGGER, RpcClient, type Logger } from '@tourly/platform';
import { PlanChoicesRepository } from './plan-choices.repository';
import { SubscriptionProjection } from './subscription-projection';
import { SubscriptionsService, type ChangeResult, type SubscriptionState } from './subscriptions.service';
import type { PlanSelection } from './subscriptions.dto';

/**
 * The legacy plan (000 §2, §4): a provider whose account dates from before the plans (opened before the
 * 15 August 2023 cut-off), that has no subscription and never chose a plan, has "no subscription": the
 * subscription call answers null, and the pages show the legacy banner until a plan is chosen (legacy_setup, or
 * any plan change). Every provider opened since starts on the free plan, chosen at sign-up: the first answer
 * records that choice, so identity is asked once per provider.
 */
@Injectable()
export class LegacyPlans {
  constructor(
    private readonly choices: PlanChoicesRepository,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly projection: SubscriptionProjection,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** The provider's subscription, or null while it is on a legacy plan. */
  async current(providerId: string): Promise<SubscriptionState | null> {
    if (await this.isLegacy(providerId)) return null;
    return this.subscriptions.current(providerId);
  }

  /** 002 `legacy_setup`: the plan is chosen; the free plan is recorded as the choice it is. */
  async setup(providerId: string, selection: PlanSelection): Promise<ChangeResult> {
    const result = await this.subscriptions.legacySetup(providerId, selection);
    if (selection.productCode === 'free_tier_plan') await this.chooseFree(providerId);
    return result;
  }

  private async isLegacy(providerId: string): Promise<boolean> {
    if (await this.projection.find(providerId)) return false;
    if (await this.choices.hasChosen(providerId)) return false;
    let since: ProviderSince;
    try {
      since = await this.rpc.ask<ProviderSince>(PROVIDER_SINCE, { providerId });
    } catch (error) {
      // Identity out of reach: the free plan, as before the question; asked again next time.
      this.logger.warn({ err: error, providerId }, 'could not ask identity when the provider was opened');
      return false;
    }
    if (since.createdAt === null) return false;
    if (Date.parse(since.createdAt) < Date.parse(LEGACY_PLAN_CUTOFF)) return true;
    await this.chooseFree(providerId);
    return false;
  }

  private chooseFree(providerId: string): Promise<void> {
    return this.choices.chooseFree(providerId);
  }
}
