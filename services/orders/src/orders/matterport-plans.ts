import { Injectable } from '@nestjs/common';
import {
  MATTERPORT_PLAN_ORDER,
  MATTERPORT_PLAN_STATUS,
  MATTERPORT_PLAN_TIMEOUT_MS,
  type MatterportPlan,
  type MatterportPlanRequest,
} from '@tourly/contracts';
import { RpcClient } from '@tourly/platform';
import { FloorplanConfigurationsRepository } from '../floorplans/floorplans.repository';

/**
 * Matterport's own schematic floor plans, through properties (which holds each provider's Matterport account):
 * bought for an order's space, drawn as the provider's plans are configured, and asked after until delivered.
 */
@Injectable()
export class MatterportPlans {
  constructor(
    private readonly rpc: RpcClient,
    private readonly configurations: FloorplanConfigurationsRepository,
  ) {}

  /** Buys the plan (Matterport answers the same order when it already has one). Refusals are properties' 422s. */
  async order(providerId: string, modelId: string): Promise<MatterportPlan> {
    const configuration = await this.configurations.find(providerId);
    const request: MatterportPlanRequest = {
      providerId,
      modelId,
      drawing: configuration && {
        units: configuration.units,
        showDimensions: configuration.showDimensions,
        showTotalArea: configuration.showTotalArea,
      },
    };
    return this.rpc.ask<MatterportPlan>(MATTERPORT_PLAN_ORDER, request, MATTERPORT_PLAN_TIMEOUT_MS);
  }

  status(providerId: string, modelId: string): Promise<MatterportPlan> {
    const request: MatterportPlanRequest = { providerId, modelId };
    return this.rpc.ask<MatterportPlan>(MATTERPORT_PLAN_STATUS, request, MATTERPORT_PLAN_TIMEOUT_MS);
  }
}
