import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  MATTERPORT_PLAN_ORDER,
  MATTERPORT_PLAN_STATUS,
  type MatterportPlan,
  type MatterportPlanRequest,
} from '@tourly/contracts';
import { Matterport } from './matterport';

/** Request-reply for orders: Matterport's own schematic floor plans, bought and followed with the provider's account. */
@Controller()
export class MatterportPlansListener {
  constructor(private readonly matterport: Matterport) {}

  @MessagePattern(MATTERPORT_PLAN_ORDER)
  order(@Payload() request: MatterportPlanRequest): Promise<MatterportPlan> {
    return this.matterport.orderSchematicPlan(
      request.providerId,
      request.modelId,
      request.drawing,
      request.speed,
    );
  }

  @MessagePattern(MATTERPORT_PLAN_STATUS)
  status(@Payload() request: MatterportPlanRequest): Promise<MatterportPlan> {
    return this.matterport.schematicPlan(request.providerId, request.modelId);
  }
}
